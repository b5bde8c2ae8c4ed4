import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading.tsx';
import { GameLobby } from '../../features/games/components/game-lobby.tsx';
import { loadDeferredTexts } from '../../lib/i18n.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { useGamesSite } from '../use-games-site.ts';

// The in-house sportsbook and its texts (locales/en-deferred.json) come with this page, not the first load.
const Sportsbook = lazy(() =>
  Promise.all([import('../../features/sportsbook/sportsbook.tsx'), loadDeferredTexts()]).then(([m]) => ({
    default: m.Sportsbook,
  })),
);

/**
 * /sports and /esports: the in-house sportsbook (issue 15), with the third-party vendors' lobby as its last tab
 * (/fbsports still launches a vendor's sportsbook).
 */
export function SportsPage({ product }: { product: 'SPORTS' | 'ESPORTS' }) {
  const { t } = useTranslation();
  const page = product === 'SPORTS' ? 'sports' : 'esports';
  const title = t(`pages.${page}.title`);
  useDocumentTitle(title);
  const site = useGamesSite();
  return (
    <div className="page">
      <PageHeading icon={page} title={title} />
      <Suspense
        fallback={
          <p className="page-loading" aria-busy="true">
            {t('common.loading')}
          </p>
        }
      >
        <Sportsbook product={product} site={site} vendors={<GameLobby gameType={product} site={site} />} />
      </Suspense>
    </div>
  );
}
