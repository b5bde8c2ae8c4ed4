import { type DateRangePreset, dateRange, dateRangePresets } from '@tala/contracts/money-format';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/money.ts';
import { paymentsApi, paymentsKey } from '../api/payments-api.ts';
import { ErrorMessage, Loading, Paging, SelectField, useCurrency } from './shared.tsx';

const typeFilters = [
  'deposit',
  'withdrawal',
  'withdrawal_refund',
  'transfer',
  'vendor_transfer',
  'bet',
  'payout',
  'bet_refund',
  'rebate',
  'promotion',
  'commission',
  'adjustment',
  'reversal',
] as const;
type EntryTypeName = (typeof typeFilters)[number] | 'trial_grant';

/** transactionHistory: every ledger movement of the member, by type and date range (§9 presets), paged. */
export function TransactionHistory() {
  const { t } = useTranslation(undefined, { keyPrefix: 'payments' });
  const currency = useCurrency();
  const [type, setType] = useState('');
  const [preset, setPreset] = useState<DateRangePreset>('last30');
  const [pageNo, setPageNo] = useState(1);
  const range = dateRange(preset, new Date());
  const query = {
    pageNo,
    types: type || undefined,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
  };
  const history = useQuery({
    queryKey: paymentsKey('history', type, preset, pageNo),
    queryFn: () => paymentsApi.history(query),
    placeholderData: keepPreviousData,
  });
  if (!currency) return <Loading />;
  return (
    <div className="payments">
      <div className="payments-tabs">
        <SelectField
          label={t('history.types')}
          value={type}
          onChange={(v) => {
            setType(v);
            setPageNo(1);
          }}
        >
          <option value="">{t('history.allTypes')}</option>
          {typeFilters.map((name) => (
            <option key={name} value={name}>
              {t(`history.entryTypes.${name}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('history.range')}
          value={preset}
          onChange={(v) => {
            setPreset(v as DateRangePreset);
            setPageNo(1);
          }}
        >
          {dateRangePresets.map((name) => (
            <option key={name} value={name}>
              {t(`history.presets.${name}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {history.isError ? <ErrorMessage error={history.error} /> : null}
      {history.data && history.data.list.length === 0 ? <p>{t('empty')}</p> : null}
      {history.data && history.data.list.length > 0 ? (
        <table className="payments-table" aria-busy={history.isFetching}>
          <thead>
            <tr>
              <th scope="col">{t('time')}</th>
              <th scope="col">{t('type')}</th>
              <th scope="col">{t('amount')}</th>
              <th scope="col">{t('history.balanceAfter')}</th>
              <th scope="col">{t('history.memo')}</th>
            </tr>
          </thead>
          <tbody>
            {history.data.list.map((line) => (
              <tr key={`${line.entryId}-${line.line}`}>
                <td>{new Date(line.createdAt).toLocaleString()}</td>
                <td>
                  {t(`history.entryTypes.${line.type as EntryTypeName}`)}
                  {line.product ? ` · ${line.product}` : null}
                </td>
                <td className="amount">{money(line.amount, currency)}</td>
                <td className="amount">
                  {line.balanceAfter === null ? '' : money(line.balanceAfter, currency)}
                </td>
                <td>{line.memo}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {history.data ? (
        <Paging pageNo={pageNo} totalPages={history.data.totalPages} onPage={setPageNo} />
      ) : null}
    </div>
  );
}
