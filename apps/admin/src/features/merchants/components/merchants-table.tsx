import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { usePlatformMerchants, useSetSuspended } from '../api/platform-merchants.ts';

/** Every merchant with its domains and status; platform owners suspend and resume. */
export function MerchantsTable({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const query = usePlatformMerchants();
  const suspend = useSetSuspended();
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className="stack">
      {suspend.isError ? <Notice tone="error">{suspend.error.message}</Notice> : null}
      {suspend.isSuccess ? (
        <Notice tone="success">{t('merchantsAdmin.updatedMessage', { code: suspend.data.code })}</Notice>
      ) : null}
      <DataTable
        caption={t('merchantsAdmin.list')}
        columns={[
          t('merchantsAdmin.code'),
          t('merchantsAdmin.brand'),
          t('merchantsAdmin.domains'),
          t('merchantsAdmin.status'),
          { label: t('common.actions'), hidden: true },
        ]}
        rows={query.data}
        row={(merchant) => (
          <tr key={merchant.code}>
            <td data-label={t('merchantsAdmin.code')}>
              <strong>{merchant.code}</strong>
            </td>
            <td data-label={t('merchantsAdmin.brand')}>{merchant.brandName}</td>
            <td data-label={t('merchantsAdmin.domains')}>{merchant.domains.join(', ')}</td>
            <td data-label={t('merchantsAdmin.status')}>
              <span className={`badge ${merchant.suspended ? 'badge-off' : 'badge-on'}`}>
                {merchant.suspended ? t('merchantsAdmin.suspended') : t('merchantsAdmin.active')}
              </span>
            </td>
            <td className="cell-actions">
              {canChange ? (
                <button
                  type="button"
                  className={`button button-small${merchant.suspended ? '' : ' button-danger'}`}
                  disabled={suspend.isPending}
                  onClick={() => {
                    if (
                      merchant.suspended ||
                      window.confirm(t('merchantsAdmin.suspendConfirm', { code: merchant.code }))
                    )
                      suspend.mutate({ code: merchant.code, suspended: !merchant.suspended });
                  }}
                >
                  {merchant.suspended
                    ? t('merchantsAdmin.resume', { code: merchant.code })
                    : t('merchantsAdmin.suspend', { code: merchant.code })}
                </button>
              ) : null}
            </td>
          </tr>
        )}
      />
    </div>
  );
}
