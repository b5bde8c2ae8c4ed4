import './live-tables.css';
import type { LiveGame, LiveTableState } from '@tala/contracts/live';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client.ts';
import { requireLogin } from '../../lib/overlays.ts';
import type { GamesSite } from '../games/lib/site.ts';
import { formatMoney } from '../games/lib/start-game.ts';

/** Results shown on a table's card, newest last. */
const shownResults = 12;

type Mark = { text: string; tone: 'player' | 'banker' | 'tie' | 'red' | 'black' | 'green' | 'plain' };

const redNumbers = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/** A result as a small mark on the card: who won, the number, or the dice's total. */
export function resultMark(game: LiveGame, result: unknown): Mark | null {
  const r = result as Record<string, unknown> | null;
  if (!r) return null;
  if (game === 'baccarat' || game === 'dragon_tiger') {
    const winner = String(r.winner ?? '');
    const tone = winner === 'player' || winner === 'dragon' ? 'player' : winner === 'tie' ? 'tie' : 'banker';
    return { text: winner.charAt(0).toUpperCase(), tone };
  }
  if (game === 'roulette' && typeof r.number === 'number')
    return {
      text: String(r.number),
      tone: r.number === 0 ? 'green' : redNumbers.has(r.number) ? 'red' : 'black',
    };
  if (game === 'sicbo' && Array.isArray(r.dice))
    return { text: String((r.dice as number[]).reduce((a, b) => a + b, 0)), tone: 'plain' };
  return null;
}

/** Seconds until betting closes, or the phase after it, by the server's clock. */
export function phaseOf(
  state: LiveTableState,
  now: number,
): { phase: 'betting' | 'dealing' | 'next'; seconds: number } {
  const round = state.round;
  if (!round) return { phase: 'next', seconds: 0 };
  const closes = new Date(round.closesAt).getTime();
  if (now < closes) return { phase: 'betting', seconds: Math.ceil((closes - now) / 1000) };
  if (now < new Date(round.endsAt).getTime()) return { phase: 'dealing', seconds: 0 };
  return { phase: 'next', seconds: 0 };
}

/**
 * The in-house live studio's tables at the top of /live: each with its countdown by the server's clock, its last
 * results and its limits; Play launches the table like any game. Nothing is shown when the merchant offers none.
 */
export function LiveTables({ site }: { site: GamesSite }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tables = useQuery({
    queryKey: ['live-tables'],
    queryFn: async () => {
      const sent = Date.now();
      const value = await api<{ list: LiveTableState[] }>('/wps/live/tables');
      const server = new Date(value.list[0]?.serverTime ?? sent).getTime();
      return { list: value.list, offset: server - (sent + Date.now()) / 2 };
    },
    // Again when the first table's round ends (its next round is then on the server), at most every 5 s.
    refetchInterval: (query) => {
      const data = query.state.data;
      const ends = (data?.list ?? []).flatMap((s) => (s.round ? [new Date(s.round.endsAt).getTime()] : []));
      const next = Math.min(...ends) - (Date.now() + (data?.offset ?? 0));
      return Math.min(5_000, Math.max(300, next + 100));
    },
  });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);

  if (tables.isPending)
    return (
      <p className="live-tables__note" aria-busy="true">
        {t('liveTables.loading')}
      </p>
    );
  if (tables.isError)
    return (
      <p className="live-tables__note" role="alert">
        {t('liveTables.error')}{' '}
        <button type="button" className="btn btn-secondary" onClick={() => void tables.refetch()}>
          {t('common.retry')}
        </button>
      </p>
    );
  const { list, offset } = tables.data;
  if (list.length === 0) return null;
  const serverNow = now + offset;
  const money = (minor: number) => formatMoney(minor, site.currency, 0);

  return (
    <section className="live-tables" aria-labelledby="live-tables-title">
      <h2 id="live-tables-title" className="live-tables__title">
        {t('liveTables.title')}
      </h2>
      <ul className="live-tables__list">
        {list.map((state) => {
          const { table } = state;
          const { phase, seconds } = phaseOf(state, serverNow);
          const marks = state.history
            .slice(-shownResults)
            .map((h) => ({ roundNo: h.roundNo, mark: resultMark(table.game, h.result) }));
          return (
            <li key={table.code} className="live-table-card">
              <div className="live-table-card__head">
                <span className="live-table-card__name">{table.name}</span>
                <span className="live-table-card__game">{t(`liveTables.games.${table.game}`)}</span>
              </div>
              <p
                className={`live-table-card__phase live-table-card__phase--${table.maintenance ? 'off' : phase}`}
              >
                {table.maintenance
                  ? t('liveTables.maintenance')
                  : phase === 'betting'
                    ? t('liveTables.closesIn', { seconds })
                    : phase === 'dealing'
                      ? t('liveTables.dealing')
                      : t('liveTables.next')}
              </p>
              <ol className="live-table-card__results" aria-label={t('liveTables.lastResults')}>
                {marks.length === 0 ? (
                  <li className="live-table-card__none">{t('liveTables.noResults')}</li>
                ) : null}
                {marks.map(({ roundNo, mark }) =>
                  mark ? (
                    <li key={roundNo} className={`live-mark live-mark--${mark.tone}`}>
                      {mark.text}
                    </li>
                  ) : null,
                )}
              </ol>
              <div className="live-table-card__foot">
                <span className="live-table-card__limits">
                  {t('liveTables.limits', { min: money(table.minBet), max: money(table.maxBet) })}
                </span>
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={table.maintenance || state.nodeId === null}
                  aria-label={t('liveTables.playAt', { name: table.name })}
                  onClick={() => {
                    if (!requireLogin()) return;
                    navigate(`/game?nodeId=${state.nodeId}`);
                  }}
                >
                  {t('liveTables.play')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
