import { applicationStatuses } from '@tala/contracts/promotions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { useAuthorisedImage } from '../../../lib/authorised-image.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { amountFromInput, money } from '../../../lib/money.ts';
import {
  type AdminApplication,
  type ApplicationStatus,
  useApplications,
  useDecideApplication,
} from '../api/promotions.ts';

function ApplicationImage({ id, n }: { id: number; n: number }) {
  const { t } = useTranslation();
  const url = useAuthorisedImage(`/admin-api/promotion-applications/images/${id}`);
  if (!url) return null;
  return (
    <a href={url} target="_blank" rel="noreferrer">
      <img
        src={url}
        alt={t('promotions.applications.image', { n })}
        width={64}
        height={64}
        style={{ objectFit: 'cover' }}
      />
    </a>
  );
}

/** Issue (an amount up to the promotion's largest bonus) or reject (with a reason the member reads). */
function Decision({ application }: { application: AdminApplication }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState(String(application.maxBonus / 100));
  const [reason, setReason] = useState('');
  const decide = useDecideApplication();
  return (
    <div className="stack">
      <div className="filters">
        <Field
          label={t('promotions.applications.amount')}
          help={t('promotions.applications.upTo', { max: money(application.maxBonus) })}
        >
          <input
            className="input"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </Field>
        <button
          type="button"
          className="button button-primary"
          disabled={decide.isPending}
          onClick={() => decide.mutate({ id: application.id, decision: { amount: amountFromInput(amount) } })}
        >
          {t('promotions.applications.approve')}
        </button>
      </div>
      <div className="filters">
        <Field label={t('promotions.applications.reason')}>
          <input
            className="input"
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
        <button
          type="button"
          className="button button-danger"
          disabled={decide.isPending || reason.trim() === ''}
          onClick={() => decide.mutate({ id: application.id, decision: { reason } })}
        >
          {t('promotions.applications.reject')}
        </button>
      </div>
      {decide.isError ? <Notice tone="error">{decide.error.message}</Notice> : null}
    </div>
  );
}

/** The queue of applied promotions: the member's remark and images, and the decision. */
export function ApplicationQueue({ merchantCode, mayDecide }: { merchantCode: string; mayDecide: boolean }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ApplicationStatus | ''>('applying');
  const [pageNo, setPageNo] = useState(1);
  const page = useApplications(merchantCode, status, pageNo);
  return (
    <div className="stack">
      <div className="filters">
        <Field label={t('promotions.applications.status')}>
          <select
            className="input"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as ApplicationStatus | '');
              setPageNo(1);
            }}
          >
            <option value="">{t('promotions.applications.all')}</option>
            {applicationStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`promotions.applications.statuses.${s}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {page.isPending ? <Loading /> : null}
      {page.isError ? <LoadError error={page.error} onRetry={() => void page.refetch()} /> : null}
      {page.data ? (
        <>
          <DataTable
            caption={t('promotions.applications.title')}
            columns={[
              t('promotions.applications.member'),
              t('promotions.columns.title'),
              t('promotions.applications.remark'),
              t('promotions.applications.images'),
              t('promotions.applications.status'),
              t('promotions.applications.decision'),
            ]}
            rows={page.data.list}
            empty={t('promotions.applications.empty')}
            row={(a) => (
              <tr key={a.id}>
                <td data-label={t('promotions.applications.member')}>
                  {a.username}
                  <div className="muted">{formatDateTime(a.createdAt, currentLocale())}</div>
                </td>
                <td data-label={t('promotions.columns.title')}>{a.title}</td>
                <td data-label={t('promotions.applications.remark')}>{a.remark}</td>
                <td data-label={t('promotions.applications.images')}>
                  <span className="inline-field">
                    {a.imageIds.map((id, index) => (
                      <ApplicationImage key={id} id={id} n={index + 1} />
                    ))}
                  </span>
                </td>
                <td data-label={t('promotions.applications.status')}>
                  {t(`promotions.applications.statuses.${a.status}`)}
                </td>
                <td data-label={t('promotions.applications.decision')}>
                  {a.status === 'applying' ? (
                    mayDecide ? (
                      <Decision application={a} />
                    ) : null
                  ) : (
                    <span>
                      {a.status === 'issued'
                        ? t('promotions.applications.issued', {
                            amount: money(a.bonusAmount ?? 0),
                            by: a.decidedBy ?? '',
                          })
                        : t('promotions.applications.rejectedBy', {
                            reason: a.rejectReason ?? '',
                            by: a.decidedBy ?? '',
                          })}
                    </span>
                  )}
                </td>
              </tr>
            )}
          />
          <Pager
            pageNo={pageNo}
            totalPages={page.data.totalPages}
            total={page.data.total}
            onPage={setPageNo}
          />
        </>
      ) : null}
    </div>
  );
}
