import { redeemStatuses } from '@tala/contracts/points';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import {
  type AdminRedemption,
  type RedeemStatus,
  useDecideRedemption,
  useRedemptions,
} from '../api/point-mall.ts';

/** Ship it (approve) or refuse it with a reason the member reads (the points and stock come back). */
function Decision({ redemption }: { redemption: AdminRedemption }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const decide = useDecideRedemption();
  return (
    <div className="stack">
      <button
        type="button"
        className="button button-primary"
        disabled={decide.isPending}
        aria-label={t('pointMall.queue.approveFor', { id: redemption.id })}
        onClick={() => decide.mutate({ id: redemption.id, reason: null })}
      >
        {t('pointMall.queue.approve')}
      </button>
      <div className="filters">
        <Field label={t('pointMall.queue.reason')}>
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
          onClick={() => decide.mutate({ id: redemption.id, reason })}
        >
          {t('pointMall.queue.reject')}
        </button>
      </div>
      {decide.isError ? <Notice tone="error">{decide.error.message}</Notice> : null}
    </div>
  );
}

/** The fulfilment queue: what each member redeemed, where to send it, and the decision. */
export function RedemptionQueue({ merchantCode, mayDecide }: { merchantCode: string; mayDecide: boolean }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<RedeemStatus | ''>('processing');
  const [pageNo, setPageNo] = useState(1);
  const page = useRedemptions(merchantCode, status, pageNo);
  const columns = [
    t('pointMall.queue.member'),
    t('pointMall.queue.reward'),
    t('pointMall.queue.shipTo'),
    t('pointMall.queue.status'),
    t('pointMall.queue.decision'),
  ];
  return (
    <div className="stack">
      <div className="filters">
        <Field label={t('pointMall.queue.status')}>
          <select
            className="input"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as RedeemStatus | '');
              setPageNo(1);
            }}
          >
            <option value="">{t('pointMall.queue.all')}</option>
            {redeemStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`pointMall.statuses.${s}`)}
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
            caption={t('pointMall.tabs.queue')}
            columns={columns}
            rows={page.data.list}
            empty={t('pointMall.queue.empty')}
            row={(r) => (
              <tr key={r.id}>
                <td data-label={columns[0]}>
                  {r.username}
                  <div className="muted">{formatDateTime(r.createdAt, currentLocale())}</div>
                </td>
                <td data-label={columns[1]}>
                  {r.quantity} × {r.rewardName}
                  <div className="muted">{t('pointMall.points', { points: r.points })}</div>
                </td>
                <td data-label={columns[2]}>
                  {r.address}
                  <div className="muted">{r.mobile}</div>
                  {r.remark ? <div className="muted">{r.remark}</div> : null}
                </td>
                <td data-label={columns[3]}>
                  {t(`pointMall.statuses.${r.status}`)}
                  {r.rejectReason ? <div className="muted">{r.rejectReason}</div> : null}
                  {r.decidedBy ? <div className="muted">{r.decidedBy}</div> : null}
                </td>
                <td data-label={columns[4]}>
                  {r.status === 'processing' && mayDecide ? <Decision redemption={r} /> : null}
                </td>
              </tr>
            )}
          />
          <Pager
            pageNo={page.data.pageNo}
            totalPages={page.data.totalPages}
            total={page.data.total}
            onPage={setPageNo}
          />
        </>
      ) : null}
    </div>
  );
}
