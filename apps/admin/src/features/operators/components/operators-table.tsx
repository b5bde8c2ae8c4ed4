import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useOperators } from '../api/get-operators.ts';
import { useResetSecondFactor } from '../api/security.ts';
import { useSetOperatorDisabled } from '../api/update-operator.ts';

/** Every operator with role and status; owners disable or enable anyone but themselves. */
export function OperatorsTable({ selfId }: { selfId: number }) {
  const { t } = useTranslation();
  const query = useOperators();
  const update = useSetOperatorDisabled();
  const reset = useResetSecondFactor();
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className="stack">
      {update.isError ? <Notice tone="error">{update.error.message}</Notice> : null}
      {update.isSuccess ? (
        <Notice tone="success">{t('operators.updatedMessage', { name: update.data.username })}</Notice>
      ) : null}
      {reset.isError ? <Notice tone="error">{reset.error.message}</Notice> : null}
      {reset.isSuccess ? (
        <Notice tone="success">{t('operators.resetMessage', { name: reset.variables.username })}</Notice>
      ) : null}
      <DataTable
        caption={t('operators.title')}
        columns={[
          t('operators.username'),
          t('operators.role'),
          t('operatorScope.merchants'),
          t('operators.status'),
          t('operators.authenticator'),
          t('operators.created'),
          { label: t('common.actions'), hidden: true },
        ]}
        rows={query.data}
        row={(operator) => (
          <tr key={operator.id}>
            <td data-label={t('operators.username')}>
              <strong>{operator.username}</strong>
              {operator.id === selfId ? <span className="muted"> ({t('operators.you')})</span> : null}
            </td>
            <td data-label={t('operators.role')}>
              <span className={`badge badge-role-${operator.role}`}>{t(`roles.${operator.role}`)}</span>
            </td>
            <td data-label={t('operatorScope.merchants')}>
              {operator.platform
                ? t('operatorScope.platform')
                : operator.merchantRoles.map((r) => `${r.merchantCode} (${t(`roles.${r.role}`)})`).join(', ')}
            </td>
            <td data-label={t('operators.status')}>
              <span className={`badge ${operator.disabled ? 'badge-off' : 'badge-on'}`}>
                {operator.disabled ? t('operators.disabled') : t('operators.active')}
              </span>
            </td>
            <td data-label={t('operators.authenticator')}>
              <span className={`badge ${operator.twoFactor ? 'badge-on' : 'badge-off'}`}>
                {operator.twoFactor ? t('secondFactor.on') : t('secondFactor.off')}
              </span>
            </td>
            <td data-label={t('operators.created')}>{formatDateTime(operator.createdAt, currentLocale())}</td>
            <td className="cell-actions">
              {operator.id === selfId || !operator.twoFactor ? null : (
                <button
                  type="button"
                  className="button button-small"
                  disabled={reset.isPending}
                  onClick={() => {
                    if (window.confirm(t('operators.resetConfirm', { name: operator.username })))
                      reset.mutate({ id: operator.id, username: operator.username });
                  }}
                >
                  {t('operators.reset', { name: operator.username })}
                </button>
              )}
              {operator.id === selfId ? null : (
                <button
                  type="button"
                  className={`button button-small${operator.disabled ? '' : ' button-danger'}`}
                  disabled={update.isPending}
                  onClick={() => update.mutate({ id: operator.id, disabled: !operator.disabled })}
                >
                  {operator.disabled
                    ? t('operators.enable', { name: operator.username })
                    : t('operators.disable', { name: operator.username })}
                </button>
              )}
            </td>
          </tr>
        )}
      />
    </div>
  );
}
