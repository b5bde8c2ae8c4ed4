import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { fundsQuery } from '../../../lib/funds.ts';
import { amountInput, money } from '../../../lib/money.ts';
import { paymentsApi, useMoneyMutation } from '../api/payments-api.ts';
import { ErrorMessage, Loading, SelectField, SuccessMessage } from './shared.tsx';

/** transferFund (§2 "my wallet"): total, main wallet, provider wallets and transfers between them. */
export function MyWallet() {
  const { t } = useTranslation(undefined, { keyPrefix: 'payments' });
  const funds = useQuery(fundsQuery());
  const [vendor, setVendor] = useState('');
  const [direction, setDirection] = useState<'in' | 'out'>('in');
  const [amount, setAmount] = useState('');
  const move = useMoneyMutation(paymentsApi.walletTransfer);
  if (funds.isPending) return <Loading />;
  if (funds.isError) return <ErrorMessage error={funds.error} />;
  const f = funds.data;
  const chosen = vendor || f.vendorWallets[0]?.vendorCode || '';
  const chosenName = f.vendorWallets.find((v) => v.vendorCode === chosen)?.displayName ?? chosen;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    move.mutate(
      { vendorCode: chosen, direction, amount: amountInput(amount, f) },
      { onSuccess: () => setAmount('') },
    );
  };
  return (
    <div className="payments">
      <dl className="payments-figures">
        <div>
          <dt>{t('wallet.total')}</dt>
          <dd>{money(f.sumBalance, f)}</dd>
        </div>
        <div>
          <dt>{t('wallet.main')}</dt>
          <dd>{money(f.mainBalance, f)}</dd>
        </div>
        <div>
          <dt>{t('wallet.held')}</dt>
          <dd>{money(f.pendingWithdrawals, f)}</dd>
        </div>
        <div>
          <dt>{t('wallet.pendingDeposits')}</dt>
          <dd>{money(f.pendingDeposits, f)}</dd>
        </div>
      </dl>
      {f.vendorWallets.length === 0 ? (
        <p>{t('wallet.single')}</p>
      ) : (
        <section className="payments-card" aria-label={t('wallet.vendors')}>
          <h2>{t('wallet.vendors')}</h2>
          <table className="payments-table">
            <tbody>
              {f.vendorWallets.map((v) => (
                <tr key={v.vendorCode}>
                  <td>{v.displayName}</td>
                  <td className="amount">{money(v.balance, f)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <form onSubmit={submit}>
            <SelectField label={t('wallet.provider')} value={chosen} onChange={setVendor}>
              {f.vendorWallets.map((v) => (
                <option key={v.vendorCode} value={v.vendorCode}>
                  {v.displayName}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('wallet.direction')}
              value={direction}
              onChange={(d) => setDirection(d as 'in' | 'out')}
            >
              <option value="in">{t('wallet.toVendor', { vendor: chosenName })}</option>
              <option value="out">{t('wallet.toMain', { vendor: chosenName })}</option>
            </SelectField>
            <FormField label={t('amount')} value={amount} onChange={setAmount} inputMode="decimal" required />
            <ErrorMessage error={move.error} />
            {move.isSuccess ? <SuccessMessage>{t('saved')}</SuccessMessage> : null}
            <button type="submit" className="btn btn-primary" disabled={move.isPending}>
              {t('wallet.transfer')}
            </button>
          </form>
        </section>
      )}
    </div>
  );
}
