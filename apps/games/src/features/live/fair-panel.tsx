import type { LiveRound } from '@tala/contracts/live';
import { useTranslation } from '../../lib/i18n.ts';

/**
 * The round's commitment (SHA-256 of its seed, shown while bets are taken) and, after the deal, the seed itself
 * with the browser's own check: the hash matches and the deal recomputed from the seed is the deal shown.
 */
export function FairPanel({ round, verified }: { round: LiveRound; verified: boolean | null }) {
  const { t } = useTranslation();
  return (
    <section className="live__fair" aria-label={t('fairness')}>
      <h2>{t('fairness')}</h2>
      <p>{t('liveFairLead')}</p>
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
      </dl>
      {verified !== null ? (
        <p className={verified ? 'live__verified' : 'live__unverified'} data-testid="verified" role="status">
          {verified ? `✓ ${t('liveVerified')}` : `✗ ${t('liveNotVerified')}`}
        </p>
      ) : null}
    </section>
  );
}
