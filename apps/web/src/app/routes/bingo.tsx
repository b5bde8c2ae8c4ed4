import { lazy, Suspense } from 'react';
import { loadDeferredTexts } from '../../lib/i18n.ts';
import { CategoryPage } from './category-page.tsx';

// The in-house bingo rooms' cards and their texts (locales/en-deferred.json) come with this page, not the first load.
const BingoRooms = lazy(() =>
  Promise.all([import('../../features/bingo-rooms/bingo-rooms.tsx'), loadDeferredTexts()]).then(([m]) => ({
    default: m.BingoRooms,
  })),
);

/** /bingo: the in-house bingo rooms, then the bingo games (classification BG of the slots lines). */
export function Component() {
  return (
    <CategoryPage
      page="bingo"
      icon="bingo"
      gameType="RNG"
      fixedClassification="BG"
      before={(site) => (
        <Suspense fallback={null}>
          <BingoRooms site={site} />
        </Suspense>
      )}
    />
  );
}
