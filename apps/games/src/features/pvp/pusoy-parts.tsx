import type { Card } from '@tala/live/cards';
import type { PusoyView } from '@tala/live/pusoy';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { CardRow, CardToggle, cardKey, cardName } from './cards.tsx';
import type { ControlsProps, GameParts } from './game-parts.ts';
import { isLegalPick, pickedCards, pusoyChoices, pusoyDealtMatches, togglePick } from './pusoy-logic.ts';
import { useKeys } from './use-keys.ts';

function PusoyFelt({ view }: { view: PusoyView }) {
  const { t } = useTranslation();
  // Between tricks the cards that won the last one stay in sight, faded.
  const last = [...view.moves].reverse().find((m) => m.cards !== null);
  return (
    <div className="pvp-felt__play" data-testid="pusoy-table">
      {view.table ? (
        <>
          <CardRow cards={view.table.cards} label={t('pvpLastPlay')} />
          <span className="pvp-felt__caption">
            {t(`pvpKind_${view.table.kind}`)} · {t('pvpSeatN', { n: view.table.seat + 1 })}
          </span>
        </>
      ) : (
        <>
          {last?.cards ? (
            <span className="pvp-felt__last">
              <CardRow cards={last.cards} small label={t('pvpLastPlay')} />
            </span>
          ) : null}
          <span className="pvp-felt__caption">
            {view.winner !== null ? t('pvpHandOver') : view.toAct !== null ? t('pvpNewTrick') : ''}
          </span>
        </>
      )}
    </div>
  );
}

function PusoyControls({ view, myTurn, busy, send }: ControlsProps<PusoyView>) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const hand = view.hand ?? [];
  const { plays, playable } = useMemo(() => pusoyChoices(view), [view]);
  const handKey = hand.map(cardKey).join(',');

  // Cards no longer held (played, or a new hand) leave the pick.
  useEffect(() => {
    setPicked((p) => {
      const held = new Set(handKey.split(','));
      const kept = new Set([...p].filter((k) => held.has(k)));
      return kept.size === p.size ? p : kept;
    });
  }, [handKey]);

  const legal = myTurn && isLegalPick(plays, picked);
  const canPass = myTurn && !view.leading;
  const play = () => {
    if (!legal || busy) return;
    send({ type: 'play', cards: pickedCards(hand, picked) });
    setPicked(new Set());
  };
  const pass = () => {
    if (canPass && !busy) send({ type: 'pass' });
  };
  useKeys({ Enter: play, p: pass, Escape: () => setPicked(new Set()) });

  if (!view.hand) return null;
  return (
    <section className="pvp-controls" aria-label={t('pvpYourHand')}>
      <fieldset className="pvp-hand" aria-label={t('pvpYourHand')} data-testid="my-hand">
        {hand.map((card: Card) => (
          <CardToggle
            key={cardKey(card)}
            card={card}
            selected={picked.has(cardKey(card))}
            playable={myTurn && playable.has(cardKey(card))}
            disabled={busy}
            onToggle={() => setPicked((p) => togglePick(p, card))}
          />
        ))}
      </fieldset>
      {myTurn ? (
        <p className="pvp-controls__hint">
          {view.opening
            ? t('pvpMustInclude', { card: cardName(view.opening) })
            : view.leading
              ? t('pvpLeadAny')
              : plays.length === 0
                ? t('pvpNothingBeats')
                : t('pvpBeatIt')}
        </p>
      ) : null}
      <div className="pvp-actions">
        <button
          type="button"
          className="pvp-action pvp-action--main"
          disabled={!legal || busy}
          onClick={play}
        >
          {t('pvpPlay')} <kbd>Enter</kbd>
        </button>
        <button type="button" className="pvp-action" disabled={!canPass || busy} onClick={pass}>
          {t('pvpPass')} <kbd>P</kbd>
        </button>
        <button
          type="button"
          className="pvp-action pvp-action--quiet"
          disabled={picked.size === 0}
          onClick={() => setPicked(new Set())}
        >
          {t('pvpClearPick')}
        </button>
      </div>
    </section>
  );
}

const isPusoyView = (v: unknown): v is PusoyView =>
  typeof v === 'object' && v !== null && (v as { game?: unknown }).game === 'PUSOY';

export const pusoyParts: GameParts<PusoyView> = {
  game: 'PUSOY',
  isView: isPusoyView,
  Felt: PusoyFelt,
  Controls: PusoyControls,
  seatCards: (view, seat, mySeat) => {
    const s = view.seats.find((x) => x.seat === seat);
    if (!s || seat === mySeat) return null;
    return s.hand ? { cards: s.hand, backs: 0 } : { cards: [], backs: Math.min(s.cards, 3) };
  },
  seatNote: (view, seat, t) => {
    const s = view.seats.find((x) => x.seat === seat);
    if (!s) return null;
    const left = t('pvpCardsLeft', { count: s.cards });
    return s.passed ? `${left} · ${t('pvpPassed')}` : left;
  },
  moveText: (move, t) => {
    const m = move as { type?: string; cards?: Card[] } | null;
    if (m?.type === 'pass') return t('pvpMovePass');
    if (m?.type === 'play' && Array.isArray(m.cards))
      return t('pvpMovePlay', { cards: m.cards.map(cardName).join(' ') });
    return '—';
  },
  dealtMatches: pusoyDealtMatches,
};
