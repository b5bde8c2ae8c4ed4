import type { PvpHand } from '@tala/contracts/pvp';
import { pvpDeck } from '@tala/live/pvp';
import { hashServerSeed } from '@tala/slots/fairness';
import { useMemo } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { CardRow } from './cards.tsx';
import type { GameParts } from './game-parts.ts';

export type DeckCheck = { hashMatches: boolean; deck: ReturnType<typeof pvpDeck>; dealt: boolean | null };

/** The browser's own check of a finished hand: the seed's hash, and the deck it deals against the cards seen. */
export function checkHand(
  tableCode: string,
  hand: Pick<PvpHand, 'handNo' | 'serverSeed' | 'serverSeedHash' | 'view'>,
  seats: readonly number[],
  // biome-ignore lint/suspicious/noExplicitAny: the parts of whichever game the table plays
  parts: GameParts<any> | null,
): DeckCheck | null {
  if (!hand.serverSeed) return null;
  const hashMatches = hashServerSeed(hand.serverSeed) === hand.serverSeedHash;
  const deck = pvpDeck(hand.serverSeed, tableCode, hand.handNo);
  let dealt: boolean | null = null;
  try {
    dealt = parts ? parts.dealtMatches(deck, hand.view, seats) : null;
  } catch {
    dealt = false;
  }
  return { hashMatches, deck, dealt };
}

/**
 * The hand's commitment: the SHA-256 of its seed before the deal; after the hand the seed, the deck it deals
 * (pvpDeck, the server's own code) and whether that deck gives the cards this hand showed.
 */
export function PvpFairPanel({
  tableCode,
  hand,
  seats,
  parts,
}: {
  tableCode: string;
  hand: PvpHand;
  seats: readonly number[];
  // biome-ignore lint/suspicious/noExplicitAny: the parts of whichever game the table plays
  parts: GameParts<any> | null;
}) {
  const { t } = useTranslation();
  const check = useMemo(() => checkHand(tableCode, hand, seats, parts), [tableCode, hand, seats, parts]);
  const ok = check ? check.hashMatches && check.dealt !== false : null;
  return (
    <section className="pvp-fair" aria-label={t('fairness')}>
      <h2>{t('fairness')}</h2>
      <p>{t('pvpFairLead')}</p>
      <dl>
        <dt>{t('pvpHandNumber', { n: hand.handNo })}</dt>
        <dd />
        <dt>{t('serverSeedHash')}</dt>
        <dd>
          <code data-testid="pvp-seed-hash">{hand.serverSeedHash}</code>
        </dd>
        {hand.serverSeed ? (
          <>
            <dt>{t('serverSeed')}</dt>
            <dd>
              <code data-testid="pvp-server-seed">{hand.serverSeed}</code>
            </dd>
          </>
        ) : (
          <>
            <dt>{t('serverSeed')}</dt>
            <dd>{t('pvpSeedAfterHand')}</dd>
          </>
        )}
      </dl>
      {check ? (
        <>
          <p className={ok ? 'pvp-fair__ok' : 'pvp-fair__bad'} role="status" data-testid="pvp-verified">
            {!check.hashMatches
              ? `✗ ${t('pvpSeedMismatch')}`
              : check.dealt === false
                ? `✗ ${t('pvpDealMismatch')}`
                : check.dealt === null
                  ? `✓ ${t('pvpSeedMatches')}`
                  : `✓ ${t('pvpDealMatches')}`}
          </p>
          <details className="pvp-fair__deck">
            <summary>{t('pvpTheDeck')}</summary>
            <CardRow cards={check.deck} small label={t('pvpTheDeck')} />
          </details>
        </>
      ) : null}
    </section>
  );
}
