import { lazy, Suspense } from 'react';
import { HomePage } from '../../features/home/components/home-page.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import { useGamesSite } from '../use-games-site.ts';

// The games of the home page load after the first paint, so the /index first load stays small.
const HomeGames = lazy(() =>
  import('../../features/games/components/home-games.tsx').then((m) => ({ default: m.HomeGames })),
);

/** /index: home, with the jackpot ticker, popular and hot games and the winner board. */
export function Component() {
  useDocumentTitle();
  const site = useGamesSite();
  return (
    <div className="page">
      <HomePage />
      <Suspense fallback={null}>
        <HomeGames site={site} />
      </Suspense>
    </div>
  );
}
