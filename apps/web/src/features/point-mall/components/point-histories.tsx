import { pointTypes } from '@tala/contracts/points';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ReportPager } from '../../../components/report-pager.tsx';
import { type PointType, pointLinesQuery, redemptionsQuery } from '../api/point-mall-api.ts';

function Loading() {
  const { t } = useTranslation();
  return (
    <p className="centre__loading" role="status">
      {t('common.loading')}
    </p>
  );
}

/** The member's redemptions with their status (processing, rejected, approved). */
export function RedemptionHistory() {
  const { t } = useTranslation(undefined, { keyPrefix: 'pointMall' });
  const [pageNo, setPageNo] = useState(1);
  const page = useQuery(redemptionsQuery(pageNo));
  if (page.isPending) return <Loading />;
  if (page.isError)
    return (
      <p className="form-message form-message--error" role="alert">
        {page.error.message}
      </p>
    );
  if (page.data.total === 0)
    return (
      <EmptyState
        icon="bag"
        headingLevel={2}
        title={t('redemptions.emptyTitle')}
        line={t('redemptions.emptyLine')}
        action={null}
      />
    );
  return (
    <>
      <ul className="pm-list">
        {page.data.list.map((r) => (
          <li key={r.id} className="pm-row">
            <div className="pm-row__main">
              <strong>
                {r.quantity} × {r.rewardName}
              </strong>
              <span className={`pm-status pm-status--${r.status}`}>{t(`status.${r.status}`)}</span>
            </div>
            <div className="pm-row__meta">
              <span>{t('redemptions.points', { points: r.points })}</span>
              <span>{new Date(r.createdAt).toLocaleString()}</span>
            </div>
            <div className="pm-row__meta">
              <span>{r.address}</span>
              <span>{r.mobile}</span>
            </div>
            {r.remark ? <p className="pm-row__note">{r.remark}</p> : null}
            {r.rejectReason ? (
              <p className="pm-row__note">{t('redemptions.reason', { reason: r.rejectReason })}</p>
            ) : null}
          </li>
        ))}
      </ul>
      <ReportPager pageNo={page.data.pageNo} totalPages={page.data.totalPages} onPage={setPageNo} />
    </>
  );
}

/** The member's points lines: type, changed points, balance after, time; filtered by type. */
export function PointLinesHistory() {
  const { t } = useTranslation(undefined, { keyPrefix: 'pointMall' });
  const [type, setType] = useState<PointType | undefined>(undefined);
  const [pageNo, setPageNo] = useState(1);
  const page = useQuery(pointLinesQuery(type, pageNo));
  return (
    <div className="pm-history">
      <label className="cform__label" htmlFor="pm-type">
        {t('lines.type')}
      </label>
      <select
        id="pm-type"
        className="cform__input pm-history__filter"
        value={type ?? ''}
        onChange={(e) => {
          setType((e.target.value || undefined) as PointType | undefined);
          setPageNo(1);
        }}
      >
        <option value="">{t('lines.all')}</option>
        {pointTypes.map((p) => (
          <option key={p} value={p}>
            {t(`types.${p}`)}
          </option>
        ))}
      </select>
      {page.isPending ? (
        <Loading />
      ) : page.isError ? (
        <p className="form-message form-message--error" role="alert">
          {page.error.message}
        </p>
      ) : page.data.total === 0 ? (
        <EmptyState
          icon="bag"
          headingLevel={2}
          title={t('lines.emptyTitle')}
          line={t('lines.emptyLine')}
          action={null}
        />
      ) : (
        <>
          <table className="pm-table">
            <thead>
              <tr>
                <th scope="col">{t('lines.type')}</th>
                <th scope="col">{t('lines.changed')}</th>
                <th scope="col">{t('lines.balance')}</th>
                <th scope="col">{t('lines.time')}</th>
              </tr>
            </thead>
            <tbody>
              {page.data.list.map((l) => (
                <tr key={`${l.entryId}-${l.type}-${l.changedPoints}`}>
                  <td data-label={t('lines.type')}>{t(`types.${l.type}`)}</td>
                  <td
                    data-label={t('lines.changed')}
                    className={l.changedPoints < 0 ? 'pm-minus' : 'pm-plus'}
                  >
                    {l.changedPoints > 0 ? `+${l.changedPoints}` : l.changedPoints}
                  </td>
                  <td data-label={t('lines.balance')}>{l.balanceAfter}</td>
                  <td data-label={t('lines.time')}>{new Date(l.createdAt).toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ReportPager pageNo={page.data.pageNo} totalPages={page.data.totalPages} onPage={setPageNo} />
        </>
      )}
    </div>
  );
}
