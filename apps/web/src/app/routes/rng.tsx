import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import { type RngClassification, rngClassifications } from '../../config/categories.ts';
import { GameLobby } from '../../features/games/components/game-lobby.tsx';
import { RngTabs } from '../../features/games/components/rng-tabs.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import { useGamesSite } from '../use-games-site.ts';

function isClassification(value: string | null): value is RngClassification {
  return (rngClassifications as readonly string[]).includes(value ?? '');
}

/**
 * /rng?page={tab}: the slots lobby; the classification tabs (from ?page=) appear for merchants that support Tagalog,
 * the others filter with the lobby's classification choice.
 */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const site = useGamesSite();
  const supportsTagalog = site.supportsTagalog;
  const requested = params.get('page')?.toUpperCase() ?? null;
  const selected: RngClassification = isClassification(requested) ? requested : 'SC';
  useDocumentTitle(t('pages.rng.title'));

  return (
    <div className="page">
      <PageHeading icon="slots" title={t('pages.rng.title')} />
      {supportsTagalog ? (
        <RngTabs
          selected={selected}
          onSelect={(tab) =>
            setParams(
              (previous) => {
                const next = new URLSearchParams(previous);
                next.set('page', tab);
                return next;
              },
              { replace: true },
            )
          }
        >
          <GameLobby gameType="RNG" site={site} classification={selected} />
        </RngTabs>
      ) : (
        <GameLobby gameType="RNG" site={site} />
      )}
    </div>
  );
}
