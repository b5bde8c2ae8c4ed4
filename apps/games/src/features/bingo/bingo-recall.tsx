import type { BingoGame } from '@tala/contracts/bingo';
import { money } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import type { RecallGame } from './bingo-api.ts';

/** Game recall: the member's last 10 games in this room, with the cards held, the balls called and what they won. */
export function BingoRecall({
  game,
  games,
  symbol,
}: {
  game: BingoGame;
  games: RecallGame[] | undefined;
  symbol: string;
}) {
  const { t } = useTranslation();
  if (!games) return <p role="status">{t('loading')}</p>;
  if (games.length === 0) return <p>{t('bingoRecallEmpty')}</p>;
  return (
    <div className="live-recall__scroll">
      <table className="recall live-recall" data-testid="bingo-recall">
        <thead>
          <tr>
            <th scope="col">{t('bingoGameNo')}</th>
            <th scope="col">{t('time')}</th>
            <th scope="col">{t('bingoCards')}</th>
            <th scope="col">{t('bingoBalls')}</th>
            <th scope="col">{t('bingoPrizesWon')}</th>
            <th scope="col">{t('stake')}</th>
            <th scope="col">{t('returned')}</th>
          </tr>
        </thead>
        <tbody>
          {games.map(({ round, cards }) => {
            const won = cards.reduce((sum, c) => sum + c.won, 0);
            const cost = cards.reduce((sum, c) => sum + c.price, 0);
            const ids = new Set(cards.map((c) => c.id));
            const prizes = round.winners.filter((w) => w.mine.some((id) => ids.has(id)));
            return (
              <tr key={round.roundNo} data-round={round.roundNo}>
                <td>#{round.roundNo}</td>
                <td>{new Date(round.opensAt).toLocaleString()}</td>
                <td>{cards.map((c) => c.cardNo).join(', ')}</td>
                <td>
                  {round.status === 'void'
                    ? t('bingoVoid')
                    : round.status === 'settled'
                      ? t('bingoBallsCalled', {
                          count: round.calls.length,
                          total: game === 'bingo75' ? 75 : 90,
                        })
                      : t('bingoInPlay')}
                </td>
                <td>{prizes.length ? prizes.map((w) => t(`pattern_${w.pattern}`)).join(', ') : '—'}</td>
                <td data-testid="recall-cost">{money(cost, symbol)}</td>
                <td data-testid="recall-won">
                  {round.status === 'void'
                    ? t('bingoRefunded')
                    : round.status === 'settled'
                      ? money(won, symbol)
                      : '…'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
