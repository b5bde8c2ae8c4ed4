import { lazy, Suspense } from 'react';
import { loadDeferredTexts } from '../../lib/i18n.ts';
import { CategoryPage } from './category-page.tsx';

// The in-house fish rooms' cards and their texts (locales/en-deferred.json) come with this page, not the first load.
const FishRooms = lazy(() =>
  Promise.all([import('../../features/fish-rooms/fish-rooms.tsx'), loadDeferredTexts()]).then(([m]) => ({
    default: m.FishRooms,
  })),
);

/** /fish: the in-house fish rooms, then the fishing games of every vendor. */
export function Component() {
  return (
    <CategoryPage
      page="fish"
      icon="fish"
      gameType="FISH"
      before={(site) => (
        <Suspense fallback={null}>
          <FishRooms site={site} />
        </Suspense>
      )}
    />
  );
}
