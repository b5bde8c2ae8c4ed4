import './pvp-tables.css';
import type { Game } from '@tala/contracts/games';
import { type PvpGame, type PvpTable, pvpGames } from '@tala/contracts/pvp';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client.ts';
import { requireLogin } from '../../lib/overlays.ts';
import type { GamesSite } from '../games/lib/site.ts';
import { formatMoney } from '../games/lib/start-game.ts';

/** The catalogue's line of the in-house card tables: its games are the tables (game code = table code). */
export const pvpLine = 'TPVP_PVP';

export type PvpGroup = { game: PvpGame; tables: (PvpTable & { nodeId: number | null })[] };

/** The tables by game (hold'em, Pusoy Dos, Tongits), each with the catalogue game it launches as, if any. */
export function groupTables(
  tables: readonly PvpTable[],
  games: readonly Pick<Game, 'gameCode' | 'nodeId'>[],
): PvpGroup[] {
  const nodes = new Map(games.map((g) => [g.gameCode, g.nodeId]));
  return pvpGames
    .map((game) => ({
      game,
      tables: tables
        .filter((t) => t.game === game)
        .sort((a, b) => a.stake - b.stake || a.name.localeCompare(b.name))
        .map((t) => ({ ...t, nodeId: nodes.get(t.code) ?? null })),
    }))
    .filter((g) => g.tables.length > 0);
}

/** Basis points as a percent: 500 → "5", 250 → "2.5". */
export const rakePercent = (bps: number) => String(bps / 100);

/**
 * The in-house card tables at the top of /pvp (GLS2_roomList), grouped by game: name, stake, seats taken, buy-in
 * range and the rake; Play launches the table through the catalogue like any game. Nothing when there are none.
 */
export function PvpTables({ site }: { site: GamesSite }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tables = useQuery({
    queryKey: ['pvp-tables'],
    queryFn: async () => {
      const [rooms, games] = await Promise.all([
        api<{ list: PvpTable[] }>('/wps/relay/GLS2_roomList'),
        api<{ list: Game[] }>('/wps/relay/GCSGAME_gameList', {
          query: { clientType: 3, gameType: 'PVP', vassalage: pvpLine, pageNo: 1, pageSize: 100 },
        }).catch(() => ({ list: [] as Game[] })),
      ]);
      return groupTables(rooms.list, games.list);
    },
    refetchInterval: 10_000,
  });

  if (tables.isPending)
    return (
      <p className="pvp-tables__note" aria-busy="true">
        {t('pvpTables.loading')}
      </p>
    );
  if (tables.isError)
    return (
      <p className="pvp-tables__note" role="alert">
        {t('pvpTables.error')}{' '}
        <button type="button" className="btn btn-secondary" onClick={() => void tables.refetch()}>
          {t('common.retry')}
        </button>
      </p>
    );
  if (tables.data.length === 0) return null;
  const money = (minor: number) => formatMoney(minor, site.currency);

  return (
    <section className="pvp-tables" aria-labelledby="pvp-tables-title">
      <h2 id="pvp-tables-title" className="pvp-tables__title">
        {t('pvpTables.title')}
      </h2>
      {tables.data.map((group) => (
        <section key={group.game} className="pvp-tables__group" aria-labelledby={`pvp-group-${group.game}`}>
          <h3 id={`pvp-group-${group.game}`} className="pvp-tables__game">
            {t(`pvpTables.games.${group.game}`)}
          </h3>
          <ul className="pvp-tables__list">
            {group.tables.map((table) => {
              const full = table.seated >= table.seats;
              return (
                <li key={table.code} className="pvp-table-card" data-testid={`pvp-table-${table.code}`}>
                  <div className="pvp-table-card__head">
                    <span className="pvp-table-card__name">{table.name}</span>
                    <span className={`pvp-table-card__seats${full ? ' pvp-table-card__seats--full' : ''}`}>
                      {t('pvpTables.seated', { seated: table.seated, seats: table.seats })}
                    </span>
                  </div>
                  <dl className="pvp-table-card__terms">
                    <div>
                      <dt>{t(table.game === 'HOLDEM' ? 'pvpTables.blinds' : 'pvpTables.pointValue')}</dt>
                      <dd>
                        {table.game === 'HOLDEM'
                          ? `${money(Math.floor(table.stake / 2))}/${money(table.stake)}`
                          : money(table.stake)}
                      </dd>
                    </div>
                    <div>
                      <dt>{t('pvpTables.buyIn')}</dt>
                      <dd>
                        {money(table.minBuyIn)} – {money(table.maxBuyIn)}
                      </dd>
                    </div>
                    <div>
                      <dt>{t('pvpTables.rake')}</dt>
                      <dd>
                        {t('pvpTables.rakeValue', {
                          percent: rakePercent(table.rakeBps),
                          cap: money(table.rakeCap),
                        })}
                      </dd>
                    </div>
                  </dl>
                  <div className="pvp-table-card__foot">
                    {table.maintenance ? (
                      <span className="pvp-table-card__off">{t('pvpTables.maintenance')}</span>
                    ) : (
                      <span />
                    )}
                    <button
                      type="button"
                      className="btn btn-primary"
                      disabled={table.maintenance || table.nodeId === null}
                      aria-label={t('pvpTables.playAt', { name: table.name })}
                      onClick={() => {
                        if (!requireLogin()) return;
                        navigate(`/game?nodeId=${table.nodeId}`);
                      }}
                    >
                      {full ? t('pvpTables.watch') : t('pvpTables.play')}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </section>
  );
}
