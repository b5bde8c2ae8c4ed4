import type { FishRecallWave } from '@tala/contracts/fish';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { money } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { engineVerifier } from './engine-verifier.ts';
import { fishApi } from './fish-api.ts';
import { verifyWave, type WaveCheck } from './verify.ts';

/**
 * Wave recall: the member's last 10 waves in this room, each with its shots and catches, and (once the wave is over
 * and its seed shown) the browser's own check of every shot with the engine's verifier.
 */
export function FishRecall({ code, symbol }: { code: string; symbol: string }) {
  const { t } = useTranslation();
  const [waves, setWaves] = useState<FishRecallWave[]>();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fishApi.recall(code).then(
      (list) => {
        if (live) setWaves(list);
      },
      (e: unknown) => {
        if (live) setError(e instanceof ApiError && e.code !== 'network' ? e.message : t('errorNetwork'));
      },
    );
    return () => {
      live = false;
    };
  }, [code, t]);
  if (error)
    return (
      <p role="alert" className="slot__error">
        {error}
      </p>
    );
  if (!waves) return <p role="status">{t('loading')}</p>;
  if (waves.length === 0) return <p>{t('fishRecallEmpty')}</p>;
  return (
    <div className="fish-recall" data-testid="fish-recall">
      {waves.map((wave) => (
        <RecallWave key={`${wave.roomCode}-${wave.waveNo}`} wave={wave} symbol={symbol} />
      ))}
    </div>
  );
}

function RecallWave({ wave, symbol }: { wave: FishRecallWave; symbol: string }) {
  const { t } = useTranslation();
  const check: WaveCheck | null = verifyWave(wave, engineVerifier);
  const caught = wave.shots.filter((s) => s.caught).length;
  return (
    <details className="fish-recall__wave" data-wave={wave.waveNo}>
      <summary>
        <span>{t('fishWaveNumber', { n: wave.waveNo })}</span>
        <span>{new Date(wave.startsAt).toLocaleString()}</span>
        <span>{t('fishRecallShots', { shots: wave.shots.length, caught })}</span>
        <span data-testid="recall-bet">{`${t('bet')} ${money(wave.totalBet, symbol)}`}</span>
        <span data-testid="recall-win">{`${t('win')} ${money(wave.totalWin, symbol)}`}</span>
        <span
          className={!check ? 'fish-recall__pending' : check.allMatch ? 'live__verified' : 'live__unverified'}
          data-testid="recall-verified"
        >
          {!check
            ? t('fishSeedSecret')
            : check.allMatch
              ? `✓ ${t('fishVerified')}`
              : `✗ ${t('fishNotVerified')}`}
        </span>
      </summary>
      <dl className="fish-recall__seeds">
        <dt>{t('serverSeedHash')}</dt>
        <dd>
          <code>{wave.serverSeedHash}</code>
        </dd>
        <dt>{t('serverSeed')}</dt>
        <dd>
          <code>{wave.serverSeed ?? t('fishSeedSecret')}</code>
        </dd>
        <dt>{t('fishClientSeed')}</dt>
        <dd>
          <code>{wave.clientSeed}</code>
        </dd>
        <dt>{t('fishRtpLabel')}</dt>
        <dd>{(wave.rtpBps / 100).toFixed(2)}%</dd>
      </dl>
      {check && !check.seedMatches ? (
        <p className="live__unverified" role="status">
          ✗ {t('fishSeedMismatch')}
        </p>
      ) : null}
      <div className="live-recall__scroll">
        <table className="recall live-recall">
          <thead>
            <tr>
              <th scope="col">{t('fishShotNo')}</th>
              <th scope="col">{t('time')}</th>
              <th scope="col">{t('fishFish')}</th>
              <th scope="col">{t('bet')}</th>
              <th scope="col">{t('fishResult')}</th>
              <th scope="col">{t('win')}</th>
              <th scope="col">{t('fishCheck')}</th>
            </tr>
          </thead>
          <tbody>
            {wave.shots.map((shot) => {
              const mine = check?.shots.find((s) => s.nonce === shot.nonce);
              return (
                <tr key={shot.nonce} data-nonce={shot.nonce}>
                  <td>{shot.nonce}</td>
                  <td>{new Date(shot.at).toLocaleTimeString()}</td>
                  <td>{t(`fishKind_${shot.kind}`)}</td>
                  <td>{money(shot.bet, symbol)}</td>
                  <td>
                    {shot.caught ? t('fishCaughtTimes', { multiplier: shot.multiplier }) : t('fishMissed')}
                  </td>
                  <td>{money(shot.win, symbol)}</td>
                  <td data-testid="shot-check">
                    {!mine || mine.matches === null ? '…' : mine.matches ? '✓' : `✗ ${t('fishShotMismatch')}`}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </details>
  );
}
