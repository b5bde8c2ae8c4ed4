import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { type Leaderboard, leaderboardQuery } from '../api/missions-api.ts';
import { useMoney } from './mission-list.tsx';

type Row = Leaderboard['list'][number];

/** MCSFE_getMissionLeaderboard: members ranked by mission points in this or the last day or week. */
export function MissionLeaderboard() {
  const { t } = useTranslation(undefined, { keyPrefix: 'missions' });
  const [period, setPeriod] = useState<'day' | 'week'>('week');
  const [which, setWhich] = useState<'current' | 'previous'>('current');
  const board = useQuery(leaderboardQuery(period, which));
  const format = useMoney();
  const choices = [
    { period: 'day', which: 'current' },
    { period: 'day', which: 'previous' },
    { period: 'week', which: 'current' },
    { period: 'week', which: 'previous' },
  ] as const;
  const row = (r: Row, own = false) => (
    <tr key={`${own ? 'me' : 'r'}-${r.rank}`} aria-current={own ? 'true' : undefined}>
      <td className="mission-board__rank">
        {r.rank <= 3 ? <span data-medal={r.rank}>{r.rank}</span> : r.rank}
      </td>
      <td>{own ? t('you', { name: r.username }) : r.username}</td>
      <td className="num">{r.points}</td>
      <td className="num mission-board__wide">{r.missions}</td>
      <td className="num mission-board__wide">{format(r.reward)}</td>
    </tr>
  );
  return (
    <div className="mission-board">
      <fieldset className="mission-board__filters">
        <legend className="visually-hidden">{t('boardPeriod')}</legend>
        {choices.map((c) => (
          <button
            key={`${c.period}-${c.which}`}
            type="button"
            className="btn btn-secondary"
            aria-pressed={period === c.period && which === c.which}
            onClick={() => {
              setPeriod(c.period);
              setWhich(c.which);
            }}
          >
            {t(`board.${c.period}.${c.which}`)}
          </button>
        ))}
      </fieldset>
      {board.isPending ? (
        <p className="centre__loading" role="status">
          {t('loading')}
        </p>
      ) : board.isError ? (
        <div className="mission-error">
          <p className="form-message form-message--error" role="alert">
            {board.error.message}
          </p>
          <button type="button" className="btn btn-secondary" onClick={() => board.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : board.data.list.length === 0 ? (
        <EmptyState icon="trophy" headingLevel={2} title={t('boardEmptyTitle')} line={t('boardEmptyLine')} />
      ) : (
        <>
          <p className="mission-board__mine" role="status">
            {board.data.mine
              ? t('yourRank', { rank: board.data.mine.rank, points: board.data.mine.points })
              : t('notRanked')}
          </p>
          <table className="mission-board__table">
            <caption className="visually-hidden">{t(`board.${period}.${which}`)}</caption>
            <thead>
              <tr>
                <th scope="col">{t('col.rank')}</th>
                <th scope="col">{t('col.member')}</th>
                <th scope="col" className="num">
                  {t('col.points')}
                </th>
                <th scope="col" className="num mission-board__wide">
                  {t('col.missions')}
                </th>
                <th scope="col" className="num mission-board__wide">
                  {t('col.reward')}
                </th>
              </tr>
            </thead>
            <tbody>
              {board.data.list.map((r) => row(r, board.data.mine?.rank === r.rank))}
              {board.data.mine && board.data.mine.rank > board.data.list.length
                ? row(board.data.mine, true)
                : null}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
