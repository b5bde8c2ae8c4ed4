import type { LiveGame } from '@tala/contracts/live';
import { money } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { gameParts, isResultOf } from './game-parts.tsx';
import type { RecallRound } from './live-api.ts';
import { chipTotal, mergeChips, spotLabel } from './logic.ts';

/** Game recall: the member's last 10 rounds at this table, with what they staked and got back. */
export function RecallList({
  game,
  rounds,
  symbol,
}: {
  game: LiveGame;
  rounds: RecallRound[] | undefined;
  symbol: string;
}) {
  const { t } = useTranslation();
  if (!rounds) return <p>{t('loading')}</p>;
  if (rounds.length === 0) return <p>{t('liveRecallEmpty')}</p>;
  return (
    <div className="live-recall__scroll">
      <table className="recall live-recall" data-testid="live-recall">
        <thead>
          <tr>
            <th scope="col">{t('roundNo')}</th>
            <th scope="col">{t('result')}</th>
            <th scope="col">{t('yourBets')}</th>
            <th scope="col">{t('stake')}</th>
            <th scope="col">{t('returned')}</th>
          </tr>
        </thead>
        <tbody>
          {rounds.map(({ round, bets }) => {
            const spots = bets.reduce((all, b) => mergeChips(all, b.spots), {} as Record<string, number>);
            const returned = bets.reduce((sum, b) => sum + b.returned, 0);
            const dealt = isResultOf(game, round.result);
            return (
              <tr key={round.roundNo} data-round={round.roundNo}>
                <td>#{round.roundNo}</td>
                <td>
                  {round.status === 'void'
                    ? t('roundVoid')
                    : dealt
                      ? gameParts(game).describe(t, round.result)
                      : t('roundOpen')}
                </td>
                <td>
                  {Object.entries(spots)
                    .map(([spot, amount]) => `${spotLabel(t, spot)} ${money(amount, symbol)}`)
                    .join(', ')}
                </td>
                <td>{money(chipTotal(spots), symbol)}</td>
                <td data-testid="recall-returned">
                  {round.status === 'open' ? '…' : money(returned, symbol)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
