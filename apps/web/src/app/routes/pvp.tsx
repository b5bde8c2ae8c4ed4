import { lazy, Suspense } from 'react';
import { loadDeferredTexts } from '../../lib/i18n.ts';
import { CategoryPage } from './category-page.tsx';

// The in-house card tables and their texts (locales/en-deferred.json) come with this page, not the first load.
const PvpTables = lazy(() =>
  Promise.all([import('../../features/pvp-tables/pvp-tables.tsx'), loadDeferredTexts()]).then(([m]) => ({
    default: m.PvpTables,
  })),
);

/** /pvp: the card games page: the in-house tables members play each other at, then every vendor's card games. */
export function Component() {
  return (
    <CategoryPage
      page="pvp"
      icon="cards"
      gameType="PVP"
      before={(site) => (
        <Suspense fallback={null}>
          <PvpTables site={site} />
        </Suspense>
      )}
    />
  );
}
