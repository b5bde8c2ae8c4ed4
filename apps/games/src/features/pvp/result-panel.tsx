import type { PvpHandOutcome, PvpHistoryHand, PvpSeat } from '@tala/contracts/pvp';
import type { TFunction } from 'i18next';
import i18next from 'i18next';
import { money } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { checkHand } from './fair-panel.tsx';
import type { GameParts } from './game-parts.ts';

/** What a seat ended with, as the rules word it ('flush', 'cardsLeft:5', 'winner'), in the member's language. */
export function handWords(hand: string | undefined, t: TFunction): string {
  if (!hand) return '';
  const [key, arg] = hand.split(':');
  if (key === 'cardsLeft' && arg !== undefined) return t('pvpCardsLeft', { count: Number(arg) });
  const textKey = `pvpHand_${key}`;
  if (i18next.exists(textKey)) return t(textKey, { n: arg ?? '' });
  return hand;
}

/** The hand's result: who won what (the rake already taken), the pots, and the house's rake. */
export function ResultPanel({
  handNo,
  outcome,
  seats,
  symbol,
}: {
  handNo: number;
  outcome: PvpHandOutcome;
  seats: readonly PvpSeat[];
  symbol: string;
}) {
  const { t } = useTranslation();
  const nameOf = (seat: number) => {
    const s = seats.find((x) => x.seat === seat);
    return s ? (s.mine ? t('pvpYou', { name: s.name }) : s.name) : t('pvpSeatN', { n: seat + 1 });
  };
  return (
    <section
      className="pvp-result"
      aria-label={t('pvpResult')}
      aria-live="polite"
      data-testid="pvp-result"
      data-hand={handNo}
    >
      <h2>
        {t('pvpResult')} · {t('pvpHandNumber', { n: handNo })}
      </h2>
      <ul>
        {outcome.seats.map((s) => (
          <li key={s.seat} className={s.net > 0 ? 'pvp-result__won' : s.net < 0 ? 'pvp-result__lost' : ''}>
            <span>{nameOf(s.seat)}</span>
            <span>{handWords(s.hand, t)}</span>
            <span data-testid={`result-stack-${s.seat}`}>{money(s.stack, symbol)}</span>
            <strong>
              {s.net > 0
                ? t('pvpWon', { amount: money(s.net, symbol) })
                : s.net < 0
                  ? t('pvpLost', { amount: money(-s.net, symbol) })
                  : t('pvpEven')}
            </strong>
          </li>
        ))}
      </ul>
      <p className="pvp-result__pots">
        {outcome.pots.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: pots are in the order the rules split them
          <span key={i}>
            {t(i === 0 ? 'pvpMainPot' : 'pvpSidePot', { amount: money(p.amount, symbol) })}
            {' → '}
            {p.winners.map(nameOf).join(', ')}
          </span>
        ))}
      </p>
      <p className="pvp-result__rake" data-testid="pvp-rake">
        {t('pvpRakeTaken', { amount: money(outcome.rake, symbol) })}
      </p>
    </section>
  );
}

/** The member's last hands at this table, each with its moves, its result and its fairness check. */
export function HistoryList({
  hands,
  symbol,
  parts,
}: {
  hands: PvpHistoryHand[] | undefined;
  symbol: string;
  // biome-ignore lint/suspicious/noExplicitAny: the parts of whichever game the table plays
  parts: GameParts<any> | null;
}) {
  const { t } = useTranslation();
  if (!hands) return <p role="status">{t('loading')}</p>;
  if (hands.length === 0) return <p>{t('pvpNoHands')}</p>;
  return (
    <ol className="pvp-history" data-testid="pvp-history">
      {hands.map((h) => {
        const seats = [...new Set([h.seat, ...h.moves.map((m) => m.seat)])];
        const check = h.serverSeed ? checkHand(h.tableCode, h, seats, parts) : null;
        return (
          <li key={`${h.tableCode}-${h.handNo}`} className="pvp-history__hand">
            <header>
              <strong>{t('pvpHandNumber', { n: h.handNo })}</strong>
              <time dateTime={h.startedAt}>{new Date(h.startedAt).toLocaleString()}</time>
              <span className={h.net > 0 ? 'pvp-result__won' : h.net < 0 ? 'pvp-result__lost' : ''}>
                {h.net > 0 ? '+' : ''}
                {money(h.net, symbol)}
              </span>
            </header>
            <p className="pvp-history__meta">
              {t('pvpSeatN', { n: h.seat + 1 })} ·{' '}
              {t('pvpStackBefore', { amount: money(h.stackBefore, symbol) })} ·{' '}
              {t('pvpRakeTaken', { amount: money(h.rake, symbol) })}
            </p>
            <ol className="pvp-history__moves">
              {h.moves.map((m) => (
                <li key={m.seq}>
                  {t('pvpSeatN', { n: m.seat + 1 })}:{' '}
                  {parts ? parts.moveText(m.move, t, symbol) : JSON.stringify(m.move)}
                  {m.auto ? ` (${t('pvpAutoMove')})` : ''}
                </li>
              ))}
            </ol>
            <p className="pvp-history__seed">
              <span>{t('serverSeedHash')}: </span>
              <code>{h.serverSeedHash}</code>
              {check ? (
                <span
                  className={check.hashMatches && check.dealt !== false ? 'pvp-fair__ok' : 'pvp-fair__bad'}
                >
                  {' '}
                  {!check.hashMatches
                    ? `✗ ${t('pvpSeedMismatch')}`
                    : check.dealt === false
                      ? `✗ ${t('pvpDealMismatch')}`
                      : check.dealt
                        ? `✓ ${t('pvpDealMatches')}`
                        : `✓ ${t('pvpSeedMatches')}`}
                </span>
              ) : null}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
