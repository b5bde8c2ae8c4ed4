import { lazy, Suspense } from 'react';
import { loadDeferredTexts } from '../../lib/i18n.ts';
import { CategoryPage } from './category-page.tsx';

// The studio's table cards and their texts (locales/en-deferred.json) come with this page, not the first load.
const LiveTables = lazy(() =>
  Promise.all([import('../../features/live-tables/live-tables.tsx'), loadDeferredTexts()]).then(([m]) => ({
    default: m.LiveTables,
  })),
);

/** /live: the live casino page: the in-house studio's tables, then every vendor's live games. */
export function Component() {
  return (
    <CategoryPage
      page="live"
      icon="live"
      gameType="LIVE"
      before={(site) => (
        <Suspense fallback={null}>
          <LiveTables site={site} />
        </Suspense>
      )}
    />
  );
}
