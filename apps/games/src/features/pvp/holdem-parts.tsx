import type { Card } from '@tala/live/cards';
import type { HoldemView } from '@tala/live/holdem';
import { evaluateHand } from '@tala/live/holdem-hands';
import { useEffect, useState } from 'react';
import { money } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { CardRow, PvpCard } from './cards.tsx';
import type { ControlsProps, GameParts } from './game-parts.ts';
import { holdemChoices, holdemDealtMatches, potTotal, quickRaises, raiseMove } from './holdem-logic.ts';
import { useKeys } from './use-keys.ts';

function HoldemFelt({ view, symbol }: { view: HoldemView; symbol: string }) {
  const { t } = useTranslation();
  const slots = Array.from({ length: 5 }, (_, i) => view.board[i] ?? null);
  return (
    <div className="pvp-felt__play" data-testid="holdem-board">
      <ul className="pvp-cards" aria-label={t('pvpBoard')}>
        {slots.map((card, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the board's five places
          <li key={i}>
            {card ? <PvpCard card={card} /> : <span className="pvp-card pvp-card--slot" aria-hidden="true" />}
          </li>
        ))}
      </ul>
      <span className="pvp-felt__pot" data-testid="pot">
        {t('pvpPot', { amount: money(potTotal(view), symbol) })}
      </span>
      {view.pots.length > 1 ? (
        <span className="pvp-felt__caption">
          {view.pots
            .map((p, i) => t(i === 0 ? 'pvpMainPot' : 'pvpSidePot', { amount: money(p.amount, symbol) }))
            .join(' · ')}
        </span>
      ) : null}
      <span className="pvp-felt__caption">{t(`pvpStreet_${view.street}`)}</span>
    </div>
  );
}

function HoldemControls({ view, mySeat, myTurn, busy, symbol, send }: ControlsProps<HoldemView>) {
  const { t } = useTranslation();
  const mine = view.seats.find((s) => s.seat === mySeat) ?? null;
  const choices = myTurn ? holdemChoices(view, mySeat) : null;
  const [to, setTo] = useState(choices?.raise?.min ?? 0);
  const minTo = choices?.raise?.min ?? 0;
  useEffect(() => setTo(minTo), [minTo]);

  const act = (move: unknown) => {
    if (!busy && choices) send(move);
  };
  const fold = () => act({ type: 'fold' });
  const checkOrCall = () => act(choices?.check ? { type: 'check' } : { type: 'call' });
  const raise = () => {
    if (choices?.raise) act(raiseMove(choices, to));
  };
  const allIn = () => {
    if (choices?.raise) act({ type: 'allIn' });
  };
  useKeys({ f: fold, c: checkOrCall, k: checkOrCall, r: raise, a: allIn });

  const hole: Card[] | null = mine?.cards ?? null;
  // What the member holds now with the board (their best five from five cards or more), as the showdown will say.
  const made =
    mine?.hand ?? (hole && view.board.length >= 3 ? evaluateHand([...hole, ...view.board]).category : null);
  return (
    <section className="pvp-controls" aria-label={t('pvpYourHand')}>
      <div className="pvp-controls__row">
        {hole ? <CardRow cards={hole} label={t('pvpYourHand')} /> : null}
        {made ? <span className="pvp-controls__hint">{t(`pvpHand_${made}`)}</span> : null}
      </div>
      {!choices && view.street !== 'over' && mine && !mine.folded ? (
        <p className="pvp-controls__hint">{t('pvpWaitTurn')}</p>
      ) : null}
      {choices ? (
        <>
          <div className="pvp-actions">
            <button type="button" className="pvp-action pvp-action--danger" disabled={busy} onClick={fold}>
              {t('pvpFold')} <kbd>F</kbd>
            </button>
            <button type="button" className="pvp-action" disabled={busy} onClick={checkOrCall}>
              {choices.check ? t('pvpCheck') : t('pvpCall', { amount: money(choices.call, symbol) })}{' '}
              <kbd>C</kbd>
            </button>
            {choices.raise ? (
              <button type="button" className="pvp-action pvp-action--main" disabled={busy} onClick={raise}>
                {to >= choices.raise.max
                  ? t('pvpAllIn', { amount: money(choices.raise.max, symbol) })
                  : t(choices.call === 0 && choices.bet === 0 ? 'pvpBetTo' : 'pvpRaiseTo', {
                      amount: money(to, symbol),
                    })}{' '}
                <kbd>R</kbd>
              </button>
            ) : null}
          </div>
          {choices.raise ? (
            <div className="pvp-raise">
              <label className="pvp-sit__field">
                <span>{t('pvpRaiseAmount', { amount: money(to, symbol) })}</span>
                <input
                  type="range"
                  min={choices.raise.min}
                  max={choices.raise.max}
                  step={Math.max(1, view.smallBlind || 1)}
                  value={to}
                  aria-valuetext={money(to, symbol)}
                  onChange={(e) => setTo(Number(e.target.value))}
                />
              </label>
              <fieldset className="pvp-quick" aria-label={t('pvpQuickAmounts')}>
                {quickRaises(view, choices).map((q) => (
                  <button key={q.key} type="button" onClick={() => setTo(q.to)} aria-pressed={to === q.to}>
                    {t(`pvpQuick_${q.key}`)}
                  </button>
                ))}
                <button
                  type="button"
                  onClick={() => setTo(choices.raise?.max ?? to)}
                  aria-pressed={to === choices.raise.max}
                >
                  {t('pvpQuick_allIn')} <kbd>A</kbd>
                </button>
              </fieldset>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

const isHoldemView = (v: unknown): v is HoldemView =>
  typeof v === 'object' && v !== null && (v as { game?: unknown }).game === 'HOLDEM';

export const holdemParts: GameParts<HoldemView> = {
  game: 'HOLDEM',
  isView: isHoldemView,
  Felt: HoldemFelt,
  Controls: HoldemControls,
  seatStack: (view, seat) => view.seats.find((s) => s.seat === seat)?.stack ?? null,
  seatCards: (view, seat, mySeat) => {
    const s = view.seats.find((x) => x.seat === seat);
    if (!s || s.folded || (seat === mySeat && view.street !== 'over')) return null;
    if (s.cards) return { cards: s.cards, backs: 0 };
    return view.street === 'over' ? null : { cards: [], backs: 2 };
  },
  seatNote: (view, seat, t, symbol) => {
    const s = view.seats.find((x) => x.seat === seat);
    if (!s) return null;
    const parts: string[] = [];
    if (view.button === seat) parts.push(t('pvpDealerButton'));
    if (s.folded) parts.push(t('pvpFolded'));
    else if (s.allIn) parts.push(t('pvpAllInMark'));
    if (s.bet > 0) parts.push(t('pvpBet', { amount: money(s.bet, symbol) }));
    if (s.hand) parts.push(t(`pvpHand_${s.hand}`));
    return parts.length ? parts.join(' · ') : null;
  },
  moveText: (move, t, symbol) => {
    const m = move as { type?: string; to?: number } | null;
    switch (m?.type) {
      case 'fold':
        return t('pvpMoveFold');
      case 'check':
        return t('pvpMoveCheck');
      case 'call':
        return t('pvpMoveCall');
      case 'allIn':
        return t('pvpMoveAllIn');
      case 'raise':
        return t('pvpMoveRaise', { amount: money(Number(m.to ?? 0), symbol) });
      default:
        return '—';
    }
  },
  dealtMatches: holdemDealtMatches,
};
