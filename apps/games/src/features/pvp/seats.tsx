import type { PvpHandOutcome, PvpSeat, PvpTable } from '@tala/contracts/pvp';
import type { CSSProperties, ReactNode } from 'react';
import { money } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { CardRow } from './cards.tsx';
import type { GameParts } from './game-parts.ts';
import { seatLayout, secondsLeft, turnShare } from './logic.ts';

/**
 * The oval: every seat of the table round it (the member's own at the bottom), each with its name, stack, cards as
 * the member may see them, the turn timer on the seat to act and a mark on a seat that leaves after this hand; the
 * felt in the middle shows the game's public cards.
 */
export function SeatsOval({
  table,
  seats,
  mySeat,
  view,
  parts,
  toAct,
  deadline,
  serverNow,
  outcome,
  symbol,
  canSit,
  onSit,
  children,
}: {
  table: PvpTable;
  seats: readonly PvpSeat[];
  mySeat: number | null;
  view: unknown;
  // biome-ignore lint/suspicious/noExplicitAny: the parts of whichever game the table plays
  parts: GameParts<any> | null;
  toAct: number | null;
  deadline: string | null;
  serverNow: number;
  outcome: PvpHandOutcome | null;
  symbol: string;
  canSit: boolean;
  onSit: (seat: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const layout = seatLayout(table.seats, mySeat);
  const gameView = parts?.isView(view) ? view : null;
  return (
    <section className={`pvp-oval pvp-oval--${table.seats}`} aria-label={t('pvpSeats')}>
      <div className="pvp-felt">{children}</div>
      {layout.map(({ seat, dx, dy }) => {
        const taken = seats.find((s) => s.seat === seat);
        const style = { left: `calc(50% + ${dx} * var(--rx))`, top: `calc(50% + ${dy} * var(--ry))` };
        if (!taken)
          return (
            <div key={seat} className="pvp-seat pvp-seat--empty" style={style} data-testid={`seat-${seat}`}>
              {canSit ? (
                <button type="button" className="pvp-seat__sit" onClick={() => onSit(seat)}>
                  {t('pvpSitHere', { n: seat + 1 })}
                </button>
              ) : (
                <span className="pvp-seat__free">{t('pvpFreeSeat', { n: seat + 1 })}</span>
              )}
            </div>
          );
        const turn = toAct === seat;
        const result = outcome?.seats.find((s) => s.seat === seat);
        const cards = gameView ? parts?.seatCards(gameView, seat, mySeat) : null;
        const note = gameView ? parts?.seatNote(gameView, seat, t, symbol) : null;
        const secs = turn ? secondsLeft(deadline, serverNow) : 0;
        const share = turn ? turnShare(deadline, serverNow, table.turnSeconds) : 0;
        return (
          <div
            key={seat}
            className={`pvp-seat${taken.mine ? ' pvp-seat--mine' : ''}${turn ? ' pvp-seat--turn' : ''}${taken.inHand ? '' : ' pvp-seat--out'}`}
            style={style}
            data-testid={`seat-${seat}`}
            aria-current={turn ? 'true' : undefined}
          >
            <div className="pvp-seat__box">
              <span className="pvp-seat__name">
                {taken.mine ? t('pvpYou', { name: taken.name }) : taken.name}
              </span>
              <span className="pvp-seat__stack" data-testid={`stack-${seat}`}>
                {money((gameView && parts?.seatStack?.(gameView, seat)) ?? taken.stack, symbol)}
              </span>
              {note ? <span className="pvp-seat__note">{note}</span> : null}
              {taken.leaving ? <span className="pvp-seat__leaving">{t('pvpLeaving')}</span> : null}
              {turn ? (
                <span
                  className={`pvp-timer${secs <= 5 ? ' pvp-timer--low' : ''}`}
                  role="timer"
                  aria-label={t('pvpTurnTimer', { count: secs })}
                  style={{ '--share': share } as CSSProperties}
                  data-testid="turn-timer"
                >
                  {secs}
                </span>
              ) : null}
              {result ? (
                <span
                  className={`pvp-seat__net ${result.net > 0 ? 'pvp-seat__net--won' : result.net < 0 ? 'pvp-seat__net--lost' : ''}`}
                  data-testid={`net-${seat}`}
                >
                  {result.net > 0 ? '+' : ''}
                  {money(result.net, symbol)}
                </span>
              ) : null}
            </div>
            {cards && (cards.cards.length > 0 || cards.backs > 0) ? (
              <CardRow
                cards={cards.cards}
                backs={cards.backs}
                small
                label={t('pvpSeatCards', { n: seat + 1 })}
              />
            ) : null}
          </div>
        );
      })}
    </section>
  );
}
