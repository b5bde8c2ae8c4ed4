import type { Operator } from '@tala/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { money } from '../../../lib/money.ts';
import { type AdminMission, useMissions } from '../api/missions.ts';
import { missionRoles } from '../lib/roles.ts';
import { MissionEditor } from './mission-editor.tsx';

/** Missions in the back office: the list with completion stats, and the builder for owners and content. */
export function MissionsPage({ operator, merchantCode }: { operator: Operator; merchantCode: string }) {
  const { t } = useTranslation();
  const mayBuild = missionRoles.build(operator.role);
  const list = useMissions(merchantCode);
  const [editing, setEditing] = useState<AdminMission | 'new' | null>(null);
  const [saved, setSaved] = useState(false);
  if (editing !== null) {
    return (
      <MissionEditor
        key={editing === 'new' ? 'new' : editing.id}
        merchantCode={merchantCode}
        mission={editing === 'new' ? null : editing}
        onDone={(didSave) => {
          setEditing(null);
          setSaved(didSave);
        }}
      />
    );
  }
  return (
    <div className="stack">
      {saved ? <Notice tone="success">{t('missions.saved')}</Notice> : null}
      {mayBuild ? (
        <div>
          <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
            {t('missions.new')}
          </button>
        </div>
      ) : null}
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data ? (
        <DataTable
          caption={t('missions.title')}
          columns={[
            t('missions.columns.name'),
            t('missions.columns.period'),
            t('missions.columns.tasks'),
            t('missions.columns.reward'),
            t('missions.columns.runs'),
            t('missions.columns.state'),
            t('missions.columns.claims'),
            { label: t('missions.columns.actions'), hidden: true },
          ]}
          rows={list.data}
          empty={t('missions.empty')}
          row={(m) => (
            <tr key={m.id}>
              <td data-label={t('missions.columns.name')}>{m.texts.EN?.name}</td>
              <td data-label={t('missions.columns.period')}>{t(`missions.periods.${m.period}`)}</td>
              <td data-label={t('missions.columns.tasks')}>
                {m.tasks
                  .map((task) =>
                    t(`missions.taskLine.${task.kind}`, {
                      target:
                        task.kind === 'depositAmount' || task.kind === 'betAmount'
                          ? money(task.target)
                          : task.target,
                      product: task.product ?? t('missions.anyProduct'),
                    }),
                  )
                  .join(' · ')}
              </td>
              <td data-label={t('missions.columns.reward')}>
                {t('missions.rewardLine', { amount: money(m.reward), points: m.points })}
              </td>
              <td data-label={t('missions.columns.runs')}>
                {formatDateTime(m.startsAt, currentLocale())} – {formatDateTime(m.endsAt, currentLocale())}
              </td>
              <td data-label={t('missions.columns.state')}>
                {m.enabled ? t('missions.on') : t('missions.off')}
              </td>
              <td data-label={t('missions.columns.claims')}>
                {t('missions.statsLine', {
                  current: m.claimsThisPeriod,
                  claims: m.claims,
                  members: m.members,
                  paid: money(m.paid),
                })}
              </td>
              <td data-label={t('missions.columns.actions')}>
                {mayBuild ? (
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() => setEditing(m)}
                    aria-label={t('missions.editNamed', { name: m.texts.EN?.name ?? '' })}
                  >
                    {t('missions.edit')}
                  </button>
                ) : null}
              </td>
            </tr>
          )}
        />
      ) : null}
    </div>
  );
}
