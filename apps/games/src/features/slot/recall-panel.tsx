import type { RoundView } from '@tala/contracts/slots';
import type { RoundOutcome } from '@tala/slots/engine';
import { Link } from 'react-router';
import { money } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** Game recall: the last 10 rounds with their final window and a link to verify each. */
/**
 * Where a round can be verified: a real round by its number (the verifier loads it and compares the recorded
 * outcome); a demo round, which lives only in this page, by its seeds once they are revealed.
 */
function verifyLink(round: RoundView, mode: 'real' | 'demo'): string | null {
  if (mode === 'real') return `/verify?round=${round.roundId}`;
  if (!round.serverSeed) return null;
  return `/verify?${new URLSearchParams({
    game: round.gameCode,
    bet: String(round.bet),
    serverSeed: round.serverSeed,
    hash: round.serverSeedHash,
    clientSeed: round.clientSeed,
    nonce: String(round.nonce),
  })}`;
}

export function RecallPanel({
  rounds,
  symbol,
  mode,
}: {
  rounds: RoundView[] | undefined;
  symbol: string;
  mode: 'real' | 'demo';
}) {
  const { t } = useTranslation();
  if (!rounds) return <p>{t('loading')}</p>;
  if (rounds.length === 0) return <p>{t('recallEmpty')}</p>;
  return (
    <table className="recall" data-testid="recall">
      <thead>
        <tr>
          <th scope="col">{t('time')}</th>
          <th scope="col">{t('nonce')}</th>
          <th scope="col">{t('bet')}</th>
          <th scope="col">{t('win')}</th>
          <th scope="col">{t('window')}</th>
          <th scope="col">{t('freeSpins')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('verifyThis')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rounds.map((round) => {
          const outcome = round.outcome as unknown as RoundOutcome;
          const link = verifyLink(round, mode);
          return (
            <tr key={`${round.seedPairId}-${round.nonce}`}>
              <td>{new Date(round.createdAt).toLocaleTimeString()}</td>
              <td>{round.nonce}</td>
              <td>{money(round.bet, symbol)}</td>
              <td>
                {money(round.win, symbol)}
                {round.jackpotWin > 0 ? ' ★' : ''}
              </td>
              <td>
                <code>{outcome.base.grid.join(' ')}</code>
              </td>
              <td>{round.freeSpins}</td>
              <td>{link ? <Link to={link}>{t('verifyThis')}</Link> : null}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
