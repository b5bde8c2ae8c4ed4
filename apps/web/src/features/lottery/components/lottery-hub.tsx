import './lottery.css';
import './lottery-hub.css';
import type { PrizeModeCode } from '@tala/contracts/lottery';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { gameMenuQuery, type LotteryGame } from '../api/lottery-api.ts';

function GameCards({
  games,
  prizeMode,
  backUrl,
}: {
  games: LotteryGame[];
  prizeMode: PrizeModeCode;
  backUrl: string;
}) {
  const { t } = useTranslation();
  return (
    <ul className="lottery-games">
      {games.map((game) => {
        const name = t(`lottery.games.${game.gameCode}` as 'lottery.games.VNN1', { defaultValue: game.name });
        const query = new URLSearchParams({ gameCode: game.gameCode, lottoPrizeMode: prizeMode, backUrl });
        return (
          <li key={game.gameCode} className="lottery-game-card lottery-hub__card" data-family={game.family}>
            <span className="lottery-hub__family">{game.family}</span>
            <h3>{name}</h3>
            <p className="lottery__muted">{t('lottery.every', { count: game.intervalSeconds / 60 })}</p>
            <Link
              className="btn btn-primary"
              to={`${paths.lottery}?${query}`}
              aria-label={t('lottery.openGame', { name })}
            >
              {t('lottery.open')}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The lottery area of /elott (spec §1: "lottery (elott, including a Vietnam lottery area)"): the in-house draws
 * in the given prize mode, the Vietnam lottery first, then the fast games of the other families; each opens the
 * /lottery betting page, which comes back here.
 */
export function LotteryHub({ prizeMode, backUrl }: { prizeMode: PrizeModeCode; backUrl: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'routePages.elott' });
  const menu = useQuery(gameMenuQuery(prizeMode));
  if (menu.isPending)
    return (
      <p className="page-status" role="status">
        {t('loading')}
      </p>
    );
  if (menu.isError)
    return (
      <EmptyState
        icon="lottery"
        headingLevel={2}
        title={t('loadFailed')}
        line={menu.error.message}
        action={
          <button type="button" className="btn btn-primary" onClick={() => void menu.refetch()}>
            {t('retry')}
          </button>
        }
      />
    );
  const games = menu.data.list;
  if (games.length === 0)
    return (
      <EmptyState
        icon="lottery"
        headingLevel={2}
        title={t('emptyTitle')}
        line={t('emptyLine')}
        action={null}
      />
    );
  const vietnam = games.filter((g) => g.family === 'VN');
  const others = games.filter((g) => g.family !== 'VN');
  return (
    <div className="lottery-hub">
      {vietnam.length > 0 ? (
        <section className="lottery-hub__area lottery-hub__area--vn" aria-labelledby="elott-vn">
          <header>
            <h2 id="elott-vn">{t('vietnam')}</h2>
            <p className="lottery__muted">{t('vietnamLine')}</p>
          </header>
          <GameCards games={vietnam} prizeMode={prizeMode} backUrl={backUrl} />
        </section>
      ) : null}
      {others.length > 0 ? (
        <section className="lottery-hub__area" aria-labelledby="elott-more">
          <header>
            <h2 id="elott-more">{t('more')}</h2>
            <p className="lottery__muted">{t('moreLine')}</p>
          </header>
          <GameCards games={others} prizeMode={prizeMode} backUrl={backUrl} />
        </section>
      ) : null}
    </div>
  );
}
