import type { Card } from '@tala/live/cards';
import type { TongitsView } from '@tala/live/tongits';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { CardRow, CardToggle, cardKey, cardName, PvpCard } from './cards.tsx';
import type { ControlsProps, GameParts } from './game-parts.ts';
import { pickedCards, togglePick } from './pusoy-logic.ts';
import { meldCards, points, sortTongits, tongitsChoices } from './tongits-logic.ts';
import { useKeys } from './use-keys.ts';

function TongitsFelt({ view }: { view: TongitsView }) {
  const { t } = useTranslation();
  return (
    <div className="pvp-felt__play" data-testid="tongits-table">
      <div className="pvp-felt__piles">
        <span className="pvp-felt__pile">
          <PvpCard card={null} />
          <span className="pvp-felt__caption">{t('pvpStock', { count: view.stock })}</span>
        </span>
        <span className="pvp-felt__pile">
          {view.discardTop ? (
            <PvpCard card={view.discardTop} />
          ) : (
            <span className="pvp-card pvp-card--slot" />
          )}
          <span className="pvp-felt__caption">{t('pvpDiscards', { count: view.discards })}</span>
        </span>
      </div>
      {view.melds.length > 0 ? (
        <fieldset className="pvp-melds" aria-label={t('pvpMelds')}>
          {view.melds.map((m) => (
            <span key={m.id} className="pvp-meld">
              <CardRow cards={m.cards} small />
              <span className="pvp-felt__caption">{t('pvpSeatN', { n: m.owner + 1 })}</span>
            </span>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}

function TongitsControls({ view, mySeat, myTurn, busy, send }: ControlsProps<TongitsView>) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [meldId, setMeldId] = useState<number | null>(null);
  const hand = useMemo(() => sortTongits(view.hand ?? []), [view.hand]);
  const handKey = hand.map(cardKey).join(',');
  useEffect(() => {
    setPicked((p) => {
      const held = new Set(handKey.split(','));
      const kept = new Set([...p].filter((k) => held.has(k)));
      return kept.size === p.size ? p : kept;
    });
  }, [handKey]);
  const cards = pickedCards(hand, picked);
  const lit = useMemo(
    () =>
      myTurn && (view.phase === 'draw' || view.phase === 'play')
        ? meldCards(hand, view.phase === 'draw' ? view.discardTop : null)
        : new Set<string>(),
    [myTurn, view.phase, view.discardTop, hand],
  );
  const choices = tongitsChoices(view, myTurn ? mySeat : null, cards, meldId);
  const act = (ok: boolean, move: unknown) => {
    if (!ok || busy) return;
    send(move);
    setPicked(new Set());
    setMeldId(null);
  };
  const draw = () => act(choices.draw, { type: 'draw' });
  const take = () => act(choices.take, { type: 'take', meld: cards });
  const meld = () => act(choices.meld, { type: 'meld', cards });
  const sapaw = () => act(choices.sapaw, { type: 'sapaw', meldId, cards });
  const discard = () => act(choices.discard, { type: 'discard', card: cards[0] });
  useKeys({
    d: draw,
    t: take,
    m: meld,
    s: sapaw,
    x: discard,
    Enter: choices.discard ? discard : choices.meld ? meld : undefined,
    Escape: () => setPicked(new Set()),
  });

  if (!view.hand) return null;
  return (
    <section className="pvp-controls" aria-label={t('pvpYourHand')}>
      <p className="pvp-controls__hint">
        {t('pvpPoints', { count: points(hand) })}
        {myTurn ? ` · ${t(`pvpTongitsPhase_${view.phase}`)}` : ''}
      </p>
      <fieldset className="pvp-hand" aria-label={t('pvpYourHand')} data-testid="my-hand">
        {hand.map((card: Card) => (
          <CardToggle
            key={cardKey(card)}
            card={card}
            selected={picked.has(cardKey(card))}
            playable={lit.has(cardKey(card))}
            disabled={busy}
            onToggle={() => setPicked((p) => togglePick(p, card))}
          />
        ))}
      </fieldset>
      {myTurn && view.phase === 'play' && view.melds.length > 0 ? (
        <fieldset className="pvp-melds" aria-label={t('pvpChooseMeld')}>
          {view.melds.map((m) => (
            <button
              key={m.id}
              type="button"
              className="pvp-meld"
              aria-pressed={meldId === m.id}
              aria-label={t('pvpMeldOf', { n: m.owner + 1, cards: m.cards.map(cardName).join(' ') })}
              onClick={() => setMeldId((id) => (id === m.id ? null : m.id))}
            >
              <CardRow cards={m.cards} small />
            </button>
          ))}
        </fieldset>
      ) : null}
      {myTurn ? (
        <div className="pvp-actions">
          {view.phase === 'draw' ? (
            <>
              <button
                type="button"
                className="pvp-action pvp-action--main"
                disabled={!choices.draw || busy}
                onClick={draw}
              >
                {t('pvpDraw')} <kbd>D</kbd>
              </button>
              <button type="button" className="pvp-action" disabled={!choices.take || busy} onClick={take}>
                {t('pvpTake')} <kbd>T</kbd>
              </button>
              <button
                type="button"
                className="pvp-action"
                disabled={!choices.callDraw || busy}
                onClick={() => act(choices.callDraw, { type: 'callDraw' })}
              >
                {t('pvpCallDraw')}
              </button>
            </>
          ) : view.phase === 'play' ? (
            <>
              <button type="button" className="pvp-action" disabled={!choices.meld || busy} onClick={meld}>
                {t('pvpMeld')} <kbd>M</kbd>
              </button>
              <button type="button" className="pvp-action" disabled={!choices.sapaw || busy} onClick={sapaw}>
                {t('pvpSapaw')} <kbd>S</kbd>
              </button>
              <button
                type="button"
                className="pvp-action pvp-action--main"
                disabled={!choices.discard || busy}
                onClick={discard}
              >
                {t('pvpDiscard')} <kbd>X</kbd>
              </button>
            </>
          ) : view.phase === 'answer' ? (
            <>
              <button
                type="button"
                className="pvp-action pvp-action--main"
                disabled={busy}
                onClick={() => act(true, { type: 'fight' })}
              >
                {t('pvpFight')}
              </button>
              <button
                type="button"
                className="pvp-action"
                disabled={busy}
                onClick={() => act(true, { type: 'fold' })}
              >
                {t('pvpFold')}
              </button>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

const isTongitsView = (v: unknown): v is TongitsView =>
  typeof v === 'object' && v !== null && (v as { game?: unknown }).game === 'TONGITS';

export const tongitsParts: GameParts<TongitsView> = {
  game: 'TONGITS',
  isView: isTongitsView,
  Felt: TongitsFelt,
  Controls: TongitsControls,
  seatCards: (view, seat, mySeat) => {
    const s = view.seats.find((x) => x.seat === seat);
    if (!s) return null;
    if (s.hand) return { cards: s.hand, backs: 0 };
    return seat === mySeat || s.cards === 0 ? null : { cards: [], backs: Math.min(3, s.cards) };
  },
  seatNote: (view, seat, t) => {
    const s = view.seats.find((x) => x.seat === seat);
    if (!s) return null;
    const parts = [t('pvpCardsLeft', { count: s.cards })];
    if (view.dealer === seat) parts.push(t('pvpDealer'));
    if (view.caller === seat) parts.push(t('pvpCalledDraw'));
    if (s.answer) parts.push(t(s.answer === 'fight' ? 'pvpFights' : 'pvpFolds'));
    if (s.points !== undefined) parts.push(t('pvpPoints', { count: s.points }));
    if (view.phase === 'over' && !s.melded) parts.push(t('pvpBurned'));
    return parts.join(' · ');
  },
  moveText: (move, t) => {
    const m = move as { type?: string; cards?: Card[]; meld?: Card[]; card?: Card; meldId?: number } | null;
    const list = (cards: Card[] | undefined) => (Array.isArray(cards) ? cards.map(cardName).join(' ') : '');
    switch (m?.type) {
      case 'draw':
        return t('pvpMoveDraw');
      case 'take':
        return t('pvpMoveTake', { cards: list(m.meld) });
      case 'meld':
        return t('pvpMoveMeld', { cards: list(m.cards) });
      case 'sapaw':
        return t('pvpMoveSapaw', { cards: list(m.cards) });
      case 'discard':
        return t('pvpMoveDiscard', { card: m.card ? cardName(m.card) : '' });
      case 'callDraw':
        return t('pvpMoveCallDraw');
      case 'fight':
        return t('pvpMoveFight');
      case 'fold':
        return t('pvpMoveFold');
      default:
        return '—';
    }
  },
  // The end view shows the hands and melds left, not where each card came from: the seed's hash is the check.
  dealtMatches: () => null,
};
