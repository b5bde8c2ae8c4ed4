import type { FishRoom, FishWave } from '@tala/contracts/fish';
import { useTranslation } from '../../lib/i18n.ts';

/**
 * The wave's commitment (SHA-256 of its server seed, shown from its start), the member's client seed and next shot
 * number, and how a shot is decided and checked afterwards (the recall checks each one in the browser).
 */
export function FishFairPanel({
  wave,
  clientSeed,
  nonce,
  room,
}: {
  wave: FishWave | null;
  clientSeed: string | null;
  nonce: number;
  room: FishRoom;
}) {
  const { t } = useTranslation();
  return (
    <section className="live__fair fish-fair" aria-label={t('fairness')}>
      <p>{t('fishFairLead', { rtp: (room.rtpBps / 100).toFixed(2) })}</p>
      <dl>
        {wave ? (
          <>
            <dt>{t('fishWaveNumber', { n: wave.waveNo })}</dt>
            <dd />
            <dt>{t('serverSeedHash')}</dt>
            <dd>
              <code data-testid="seed-hash">{wave.serverSeedHash}</code>
            </dd>
          </>
        ) : null}
        <dt>{t('fishClientSeed')}</dt>
        <dd>
          <code data-testid="client-seed">{clientSeed ?? t('fishNotSeated')}</code>
        </dd>
        <dt>{t('fishNextShot')}</dt>
        <dd data-testid="nonce">{nonce}</dd>
      </dl>
      <details className="fish-fair__how" open>
        <summary>{t('fishHowTitle')}</summary>
        <ol>
          <li>{t('fishHow1')}</li>
          <li>{t('fishHow2')}</li>
          <li>{t('fishHow3')}</li>
          <li>{t('fishHow4')}</li>
        </ol>
      </details>
    </section>
  );
}
