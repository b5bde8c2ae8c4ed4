import { MANUAL_BONUS_FOUR_EYES_ABOVE, manualBonusStatuses } from '@tala/contracts/promotions';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { amountFromInput, money } from '../../../lib/money.ts';
import { type ManualBonus, useManualAction, useManualBonuses } from '../api/promotions.ts';

/** Grants a bonus to one member: paid at once up to the threshold, else it waits for a second operator. */
function GrantForm({ merchantCode }: { merchantCode: string }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({
    username: '',
    amount: '',
    turnoverMultiple: '5',
    title: '',
    reason: '',
  });
  const grant = useManualAction(merchantCode);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    grant.mutate(
      {
        grant: {
          username: draft.username,
          amount: amountFromInput(draft.amount),
          turnoverMultiple: Number(draft.turnoverMultiple),
          title: draft.title,
          reason: draft.reason,
        },
      },
      { onSuccess: () => setDraft({ ...draft, username: '', amount: '', reason: '' }) },
    );
  };
  const field = (name: keyof typeof draft) => ({
    className: 'input',
    value: draft[name],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [name]: e.target.value }),
  });
  return (
    <form className="card section stack" onSubmit={submit} aria-label={t('promotions.manual.grant')}>
      <h2>{t('promotions.manual.grant')}</h2>
      <p className="muted">
        {t('promotions.manual.fourEyes', { amount: money(MANUAL_BONUS_FOUR_EYES_ABOVE) })}
      </p>
      <div className="filters">
        <Field label={t('promotions.manual.member')}>
          <input {...field('username')} required maxLength={32} />
        </Field>
        <Field label={t('promotions.manual.amount')}>
          <input {...field('amount')} inputMode="decimal" required />
        </Field>
        <Field label={t('promotions.editor.turnoverMultiple')}>
          <input {...field('turnoverMultiple')} type="number" min={0} max={100} />
        </Field>
      </div>
      <Field label={t('promotions.manual.titleField')} help={t('promotions.manual.titleHelp')}>
        <input {...field('title')} required maxLength={80} />
      </Field>
      <Field label={t('promotions.manual.reason')}>
        <input {...field('reason')} required maxLength={200} />
      </Field>
      {grant.isError ? <Notice tone="error">{grant.error.message}</Notice> : null}
      {grant.isSuccess ? (
        <Notice tone="success">
          {grant.data.status === 'issued' ? t('promotions.manual.issued') : t('promotions.manual.waiting')}
        </Notice>
      ) : null}
      <div>
        <button type="submit" className="button button-primary" disabled={grant.isPending}>
          {t('promotions.manual.submit')}
        </button>
      </div>
    </form>
  );
}

/** Manual bonuses: the grant form and the list, with the second approval for the large ones. */
export function ManualBonuses({ merchantCode, mayDecide }: { merchantCode: string; mayDecide: boolean }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ManualBonus['status'] | ''>('');
  const list = useManualBonuses(merchantCode, status);
  const decide = useManualAction(merchantCode);
  return (
    <div className="stack">
      {mayDecide ? <GrantForm merchantCode={merchantCode} /> : null}
      <div className="filters">
        <Field label={t('promotions.applications.status')}>
          <select
            className="input"
            value={status}
            onChange={(e) => setStatus(e.target.value as ManualBonus['status'] | '')}
          >
            <option value="">{t('promotions.applications.all')}</option>
            {manualBonusStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`promotions.manual.statuses.${s}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {decide.isError ? <Notice tone="error">{decide.error.message}</Notice> : null}
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data ? (
        <DataTable
          caption={t('promotions.manual.title')}
          columns={[
            t('promotions.manual.member'),
            t('promotions.manual.amount'),
            t('promotions.manual.titleField'),
            t('promotions.manual.reason'),
            t('promotions.applications.status'),
            t('promotions.applications.decision'),
          ]}
          rows={list.data}
          empty={t('promotions.manual.empty')}
          row={(b) => (
            <tr key={b.id}>
              <td data-label={t('promotions.manual.member')}>{b.username}</td>
              <td data-label={t('promotions.manual.amount')}>
                {money(b.amount)} ×{b.turnoverMultiple}
              </td>
              <td data-label={t('promotions.manual.titleField')}>{b.title}</td>
              <td data-label={t('promotions.manual.reason')}>
                {b.reason}
                <div className="muted">{t('promotions.manual.askedBy', { name: b.requestedBy })}</div>
              </td>
              <td data-label={t('promotions.applications.status')}>
                {t(`promotions.manual.statuses.${b.status}`)}
              </td>
              <td data-label={t('promotions.applications.decision')}>
                {b.status === 'pending' && mayDecide ? (
                  <span className="inline-field">
                    <button
                      type="button"
                      className="button button-small button-primary"
                      disabled={decide.isPending}
                      onClick={() => decide.mutate({ id: b.id, decision: 'approve' })}
                    >
                      {t('promotions.manual.approve')}
                    </button>
                    <button
                      type="button"
                      className="button button-small button-danger"
                      disabled={decide.isPending}
                      onClick={() => decide.mutate({ id: b.id, decision: 'reject' })}
                    >
                      {t('promotions.applications.reject')}
                    </button>
                  </span>
                ) : (
                  (b.decidedBy ?? '')
                )}
              </td>
            </tr>
          )}
        />
      ) : null}
    </div>
  );
}
