import { minutesClock } from '@tala/contracts/calendar';
import './bingo-rooms.css';
import type { BingoRoomState } from '@tala/contracts/bingo';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client.ts';
import { requireLogin } from '../../lib/overlays.ts';
import type { GamesSite } from '../games/lib/site.ts';
import { formatMoney } from '../games/lib/start-game.ts';

export type RoomPhase =
  | { phase: 'off' }
  | { phase: 'sale'; seconds: number }
  | { phase: 'starting' }
  | { phase: 'drawing'; ball: number }
  | { phase: 'next'; seconds: number };

/** What a room's card says now, by the server's clock: cards on sale, the draw's ball, or the next game's wait. */
export function roomPhase(state: BingoRoomState, now: number): RoomPhase {
  const round = state.round;
  if (state.room.maintenance) return { phase: 'off' };
  if (!round) return { phase: 'next', seconds: 0 };
  const secondsTo = (iso: string) => Math.max(0, Math.ceil((new Date(iso).getTime() - now) / 1000));
  if (round.status === 'drawing') return { phase: 'drawing', ball: round.calls.length };
  if (round.status === 'open')
    return now < new Date(round.closesAt).getTime()
      ? { phase: 'sale', seconds: secondsTo(round.closesAt) }
      : { phase: 'starting' };
  return { phase: 'next', seconds: secondsTo(round.endsAt) };
}

/** When the list should be read again: soon while a room draws (balls and pools move), else at the next change. */
export function refetchDelay(list: readonly BingoRoomState[], serverNow: number): number {
  let next = 10_000;
  for (const { round } of list) {
    if (!round) continue;
    if (round.status === 'drawing') next = Math.min(next, 2_000);
    const times = round.status === 'open' ? [round.closesAt] : [round.endsAt];
    for (const iso of times) {
      const wait = new Date(iso).getTime() - serverNow;
      if (wait > -5_000) next = Math.min(next, Math.max(500, wait + 300));
    }
  }
  return next;
}

/**
 * The in-house bingo rooms at the top of /bingo: each with its game, card price, the next game's countdown or the
 * draw's ball, and its prize pools; Play launches the room like any game. Nothing is shown when the merchant
 * offers none.
 */
export function BingoRooms({ site }: { site: GamesSite }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rooms = useQuery({
    queryKey: ['bingo-rooms'],
    queryFn: async () => {
      const sent = Date.now();
      const value = await api<{ list: BingoRoomState[] }>('/wps/bingo/rooms');
      const server = new Date(value.list[0]?.serverTime ?? sent).getTime();
      return { list: value.list, offset: server - (sent + Date.now()) / 2 };
    },
    refetchInterval: (query) => {
      const data = query.state.data;
      return refetchDelay(data?.list ?? [], Date.now() + (data?.offset ?? 0));
    },
  });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);

  if (rooms.isPending)
    return (
      <p className="bingo-rooms__note" aria-busy="true">
        {t('bingoRooms.loading')}
      </p>
    );
  if (rooms.isError)
    return (
      <p className="bingo-rooms__note" role="alert">
        {t('bingoRooms.error')}{' '}
        <button type="button" className="btn btn-secondary" onClick={() => void rooms.refetch()}>
          {t('common.retry')}
        </button>
      </p>
    );
  const { list, offset } = rooms.data;
  if (list.length === 0) return null;
  const money = (minor: number) => formatMoney(minor, site.currency);

  return (
    <section className="bingo-rooms" aria-labelledby="bingo-rooms-title">
      <h2 id="bingo-rooms-title" className="bingo-rooms__title">
        {t('bingoRooms.title')}
      </h2>
      <ul className="bingo-rooms__list">
        {list.map((state) => {
          const { room, round } = state;
          const phase = roomPhase(state, now + offset);
          const pools = round?.pools ?? [];
          return (
            <li key={room.code} className="bingo-room-card" data-testid={`bingo-room-${room.code}`}>
              <div className="bingo-room-card__head">
                <span className="bingo-room-card__name">{room.name}</span>
                <span className="bingo-room-card__game">{t(`bingoRooms.games.${room.game}`)}</span>
              </div>
              <p className={`bingo-room-card__phase bingo-room-card__phase--${phase.phase}`}>
                {phase.phase === 'off'
                  ? t('bingoRooms.maintenance')
                  : phase.phase === 'sale'
                    ? t('bingoRooms.startsIn', { seconds: phase.seconds })
                    : phase.phase === 'starting'
                      ? t('bingoRooms.starting')
                      : phase.phase === 'drawing'
                        ? t('bingoRooms.drawing', { ball: phase.ball })
                        : phase.seconds > 0
                          ? t('bingoRooms.nextIn', { time: minutesClock(phase.seconds) })
                          : t('bingoRooms.next')}
              </p>
              <dl className="bingo-room-card__pools" aria-label={t('bingoRooms.pools')}>
                {pools.map((pool) => (
                  <div key={pool.pattern}>
                    <dt>{t(`bingoRooms.patterns.${pool.pattern}`)}</dt>
                    <dd>{money(pool.amount)}</dd>
                  </div>
                ))}
              </dl>
              <div className="bingo-room-card__foot">
                <span className="bingo-room-card__price">
                  {t('bingoRooms.cardPrice', { price: money(room.cardPrice) })}
                </span>
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={room.maintenance || state.nodeId === null}
                  aria-label={t('bingoRooms.playAt', { name: room.name })}
                  onClick={() => {
                    if (!requireLogin()) return;
                    navigate(`/game?nodeId=${state.nodeId}`);
                  }}
                >
                  {t('bingoRooms.play')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
