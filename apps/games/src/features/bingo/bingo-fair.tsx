import type { BingoCardView, BingoRound } from '@tala/contracts/bingo';
import { useTranslation } from '../../lib/i18n.ts';
import type { Verification } from './logic.ts';

/**
 * The game's commitment and the member's client seed before the draw; after it, the seed and the browser's own
 * check (the draw and every card recomputed with packages/live), and how anyone can do the same.
 */
export function BingoFairPanel({
  round,
  clientSeed,
  onNewSeed,
  canChangeSeed,
  cards,
  verification,
}: {
  round: BingoRound;
  clientSeed: string;
  onNewSeed: () => void;
  canChangeSeed: boolean;
  cards: BingoCardView[];
  verification: Verification | null;
}) {
  const { t } = useTranslation();
  const ok = verification?.seedMatches && verification.callsMatch && verification.cardsMatch;
  return (
    <section className="live__fair bingo-fair" aria-labelledby="bingo-fair-title">
      <h2 id="bingo-fair-title">{t('fairness')}</h2>
      <p>{t('bingoFairLead')}</p>
      <dl>
        <dt>{t('serverSeedHash')}</dt>
        <dd>
          <code data-testid="seed-hash">{round.serverSeedHash}</code>
        </dd>
        {round.serverSeed ? (
          <>
            <dt>{t('serverSeed')}</dt>
            <dd>
              <code data-testid="server-seed">{round.serverSeed}</code>
            </dd>
          </>
        ) : null}
        <dt>{t('bingoYourSeed')}</dt>
        <dd className="bingo-fair__seed">
          <code data-testid="client-seed">{clientSeed}</code>
          <button type="button" onClick={onNewSeed} disabled={!canChangeSeed}>
            {t('bingoNewSeed')}
          </button>
        </dd>
      </dl>
      {cards.length ? (
        <details className="bingo-fair__cards">
          <summary>{t('bingoCardSeeds', { count: cards.length })}</summary>
          <ul>
            {cards.map((card) => (
              <li key={card.id}>
                {t('bingoCardSeedLine', {
                  card: card.cardNo,
                  seed: card.clientSeed,
                  request: card.requestId,
                  index: card.index,
                })}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {verification ? (
        <p className={ok ? 'live__verified' : 'live__unverified'} data-testid="verified" role="status">
          {ok
            ? `✓ ${round.calls.length ? t('bingoVerified', { count: cards.length }) : t('bingoVerifiedNoDraw')}`
            : `✗ ${t(
                !verification.seedMatches
                  ? 'bingoSeedMismatch'
                  : !verification.callsMatch
                    ? 'bingoCallsMismatch'
                    : 'bingoCardsMismatch',
              )}`}
        </p>
      ) : null}
      <details className="bingo-fair__how">
        <summary>{t('bingoHowTitle')}</summary>
        <ol>
          <li>{t('bingoHow1')}</li>
          <li>{t('bingoHow2', { room: round.roomCode, round: round.roundNo })}</li>
          <li>{t('bingoHow3', { room: round.roomCode, round: round.roundNo })}</li>
          <li>{t('bingoHow4')}</li>
        </ol>
      </details>
    </section>
  );
}
