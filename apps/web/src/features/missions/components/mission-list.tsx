import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { memberQueryRoot } from '../../../lib/member-session.ts';
import { money } from '../../../lib/money.ts';
import { useSystemStatus } from '../../system/api/get-system-status.ts';
import { type MissionView, missionSummaryQuery, missionsApi } from '../api/missions-api.ts';

/** The merchant's money format (white-label settings). */
export function useMoney() {
  const whitelabel = useSystemStatus().data?.info.whitelabel;
  return (minor: number) => (whitelabel ? money(minor, whitelabel) : String(minor));
}

const moneyKinds = new Set(['depositAmount', 'betAmount']);

function TaskProgress({ task }: { task: MissionView['tasks'][number] }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'missions' });
  const format = useMoney();
  const figure = (n: number) => (moneyKinds.has(task.kind) ? format(n) : String(n));
  const label = t(`task.${task.kind}`, {
    target: figure(task.target),
    product: task.product ? t(`product.${task.product}`) : t('product.any'),
  });
  const percent = Math.round((task.done / task.target) * 100);
  return (
    <li className="mission-task">
      <div className="mission-task__line">
        <span>{label}</span>
        <span className="mission-task__figures">
          {figure(task.done)} / {figure(task.target)}
        </span>
      </div>
      <div
        className="mission-bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={task.target}
        aria-valuenow={task.done}
        aria-valuetext={`${figure(task.done)} / ${figure(task.target)}`}
      >
        <span style={{ width: `${percent}%` }} data-done={task.done >= task.target ? 'true' : undefined} />
      </div>
    </li>
  );
}

function MissionCard({ mission, onClaimed }: { mission: MissionView; onClaimed: (text: string) => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'missions' });
  const format = useMoney();
  const client = useQueryClient();
  const claim = useMutation({
    mutationFn: () => missionsApi.claim(mission.id),
    onSuccess: (claimed) => {
      onClaimed(
        t('claimedMessage', { name: mission.name, amount: format(claimed.reward), points: claimed.points }),
      );
      return client.invalidateQueries({ queryKey: [memberQueryRoot] });
    },
  });
  const endsAt = new Date(mission.periodEndsAt);
  return (
    <article className="mission-card" aria-label={mission.name} data-status={mission.status}>
      <header className="mission-card__head">
        <div>
          <h3>{mission.name}</h3>
          <p className="mission-card__period">
            {t(`period.${mission.period}`)} · {t('resets', { at: endsAt.toLocaleString() })}
          </p>
        </div>
        <span className={`mission-status mission-status--${mission.status}`}>
          {t(`status.${mission.status}`)}
        </span>
      </header>
      {mission.description ? <p className="mission-card__description">{mission.description}</p> : null}
      <ul className="mission-tasks">
        {mission.tasks.map((task) => (
          <TaskProgress key={`${task.kind}-${task.product}-${task.target}`} task={task} />
        ))}
      </ul>
      <footer className="mission-card__foot">
        <p className="mission-card__reward">
          {mission.reward > 0
            ? t('reward', { amount: format(mission.reward), points: mission.points })
            : t('rewardPoints', { points: mission.points })}
        </p>
        {mission.status === 'claimable' ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={claim.isPending}
            onClick={() => claim.mutate()}
            aria-label={t('claimNamed', { name: mission.name })}
          >
            {claim.isPending ? t('claiming') : t('claim')}
          </button>
        ) : mission.status === 'claimed' ? (
          <span className="mission-card__done">{t('claimedThisPeriod')}</span>
        ) : null}
      </footer>
      {claim.isError ? (
        <p className="form-message form-message--error" role="alert">
          {claim.error.message}
        </p>
      ) : null}
    </article>
  );
}

/** The running missions: progress bars per task, the claim button when every task is done. */
export function MissionList() {
  const { t } = useTranslation(undefined, { keyPrefix: 'missions' });
  const summary = useQuery(missionSummaryQuery());
  const [claimed, setClaimed] = useState<string | null>(null);
  if (summary.isPending) {
    return (
      <p className="centre__loading" role="status">
        {t('loading')}
      </p>
    );
  }
  if (summary.isError) {
    return (
      <div className="mission-error">
        <p className="form-message form-message--error" role="alert">
          {summary.error.message}
        </p>
        <button type="button" className="btn btn-secondary" onClick={() => summary.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  const { missions, pointsToday, pointsThisWeek } = summary.data;
  const confirmation = claimed ? (
    <p className="form-message form-message--success" role="status">
      {claimed}
    </p>
  ) : null;
  if (missions.length === 0) {
    return (
      <>
        {confirmation}
        <EmptyState icon="trophy" headingLevel={2} title={t('emptyTitle')} line={t('emptyLine')} />
      </>
    );
  }
  const groups = (['day', 'week'] as const)
    .map((period) => ({ period, list: missions.filter((m) => m.period === period) }))
    .filter((g) => g.list.length > 0);
  return (
    <div className="missions__list">
      {confirmation}
      <dl className="mission-points">
        <div>
          <dt>{t('pointsToday')}</dt>
          <dd>{pointsToday}</dd>
        </div>
        <div>
          <dt>{t('pointsThisWeek')}</dt>
          <dd>{pointsThisWeek}</dd>
        </div>
      </dl>
      {groups.map((group) => (
        <section key={group.period} aria-labelledby={`missions-${group.period}`}>
          <h2 id={`missions-${group.period}`} className="missions__heading">
            {t(`heading.${group.period}`)}
          </h2>
          <ul className="mission-grid">
            {group.list.map((m) => (
              <li key={m.id}>
                <MissionCard mission={m} onClaimed={setClaimed} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
