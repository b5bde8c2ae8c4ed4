import type { Fairness } from '@tala/contracts/slots';
import { clientSeedPattern } from '@tala/slots/fairness';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { stakeScale } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** The seed pair: the server seed's hash, the client seed (editable), the next nonce, rotation and revealed seeds. */
export function FairnessPanel({
  fairness,
  gameCode,
  onSetClientSeed,
  onRotate,
  busy,
}: {
  fairness: Fairness | undefined;
  gameCode: string;
  onSetClientSeed: (seed: string) => Promise<void>;
  onRotate: () => Promise<void>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [seed, setSeed] = useState(fairness?.active.clientSeed ?? '');
  const [saved, setSaved] = useState(false);
  if (!fairness) return <p>{t('loading')}</p>;
  const valid = clientSeedPattern.test(seed);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    await onSetClientSeed(seed);
    setSaved(true);
  }

  return (
    <div className="fairness">
      <p>{t('fairnessLead')}</p>
      <dl className="fairness__facts">
        <dt>{t('serverSeedHash')}</dt>
        <dd>
          <code data-testid="server-seed-hash">{fairness.active.serverSeedHash}</code>
        </dd>
        <dt>{t('nextNonce')}</dt>
        <dd data-testid="next-nonce">{fairness.active.nextNonce}</dd>
      </dl>
      <form onSubmit={submit} className="fairness__form">
        <label htmlFor="client-seed">{t('clientSeed')}</label>
        <input
          id="client-seed"
          value={seed}
          onChange={(e) => {
            setSeed(e.target.value);
            setSaved(false);
          }}
          maxLength={64}
          aria-invalid={!valid}
          aria-describedby="client-seed-rule"
          autoComplete="off"
          spellCheck={false}
        />
        <small id="client-seed-rule">{t('clientSeedRule')}</small>
        <button type="submit" disabled={!valid || busy || seed === fairness.active.clientSeed}>
          {t('saveClientSeed')}
        </button>
        {saved ? <p role="status">{t('clientSeedSaved')}</p> : null}
      </form>
      <button type="button" className="fairness__rotate" onClick={() => void onRotate()} disabled={busy}>
        {t('rotate')}
      </button>
      {fairness.revealed.length > 0 ? (
        <section aria-labelledby="revealed-title">
          <h3 id="revealed-title">{t('revealed')}</h3>
          <ul className="fairness__revealed">
            {fairness.revealed.map((pair) => (
              <li key={pair.id}>
                <dl>
                  <dt>{t('serverSeed')}</dt>
                  <dd>
                    <code data-testid="revealed-seed">{pair.serverSeed}</code>
                  </dd>
                  <dt>{t('serverSeedHash')}</dt>
                  <dd>
                    <code>{pair.serverSeedHash}</code>
                  </dd>
                  <dt>{t('clientSeed')}</dt>
                  <dd>
                    <code>{pair.clientSeed}</code>
                  </dd>
                  <dt>{t('roundsPlayed')}</dt>
                  <dd>{pair.rounds}</dd>
                </dl>
                {pair.rounds > 0 ? (
                  <Link
                    to={`/verify?${new URLSearchParams({
                      game: gameCode,
                      serverSeed: pair.serverSeed,
                      hash: pair.serverSeedHash,
                      clientSeed: pair.clientSeed,
                      nonce: String(pair.rounds),
                      // The merchant's currency's stake scale, so the bets offered are its own (decision 069).
                      scale: String(stakeScale()),
                    })}`}
                  >
                    {t('verifyThis')}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
