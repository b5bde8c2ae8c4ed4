import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { amountInput, type Currency, money } from '../../../lib/money.ts';
import { openOverlay } from '../../../lib/overlays.ts';
import { paymentsApi, paymentsKey, useMoneyMutation } from '../api/payments-api.ts';
import { ErrorMessage, Loading, Paging, SelectField, SuccessMessage, useCurrency } from './shared.tsx';

function BankDeposit({ currency }: { currency: Currency }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'payments' });
  const channels = useQuery({ queryKey: paymentsKey('channels'), queryFn: paymentsApi.channels });
  const [accountId, setAccountId] = useState('');
  const [amount, setAmount] = useState('');
  const [payer, setPayer] = useState('');
  const [reference, setReference] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const send = useMoneyMutation(paymentsApi.depositBank);
  if (!channels.data) return <Loading />;
  const bank = channels.data.bank;
  if (!bank.enabled || bank.accounts.length === 0) return <p>{t('deposit.unavailable')}</p>;
  const account = bank.accounts.find((a) => a.id === accountId) ?? bank.accounts[0];
  if (!account) return null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData();
    form.set('amount', String(amountInput(amount, currency)));
    form.set('bankAccountId', account.id);
    form.set('payerName', payer);
    form.set('reference', reference);
    for (const file of files) form.append('proof', file);
    send.mutate(form, {
      onSuccess: () => {
        setAmount('');
        setReference('');
        setFiles([]);
        element.reset();
      },
    });
  };
  return (
    <form onSubmit={submit} aria-label={t('deposit.bank')}>
      {bank.accounts.length > 1 ? (
        <SelectField label={t('deposit.account')} value={account.id} onChange={setAccountId}>
          {bank.accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.bankName} · {a.accountNumber}
            </option>
          ))}
        </SelectField>
      ) : null}
      <section className="payments-card" aria-label={t('deposit.sendTo')}>
        <h3>{t('deposit.sendTo')}</h3>
        <dl className="payments-figures">
          <div>
            <dt>{t('deposit.bankName')}</dt>
            <dd>{account.bankName}</dd>
          </div>
          <div>
            <dt>{t('deposit.accountName')}</dt>
            <dd>{account.accountName}</dd>
          </div>
          <div>
            <dt>{t('deposit.accountNumber')}</dt>
            <dd>{account.accountNumber}</dd>
          </div>
        </dl>
      </section>
      <FormField
        label={t('amount')}
        value={amount}
        onChange={setAmount}
        inputMode="decimal"
        required
        hint={t('amountHint', { min: money(bank.minAmount, currency), max: money(bank.maxAmount, currency) })}
      />
      <FormField label={t('deposit.payerName')} value={payer} onChange={setPayer} required maxLength={80} />
      <FormField
        label={t('deposit.reference')}
        value={reference}
        onChange={setReference}
        required
        maxLength={60}
        hint={t('deposit.referenceHint')}
      />
      <div className="form-field">
        <label className="form-field__label">
          {t('deposit.proof')}
          <input
            type="file"
            accept="image/png,image/jpeg"
            multiple
            onChange={(event) => setFiles([...(event.target.files ?? [])].slice(0, 3))}
          />
        </label>
      </div>
      <ErrorMessage error={send.error} />
      {send.data ? <SuccessMessage>{t('deposit.sent', { order: send.data.orderNo })}</SuccessMessage> : null}
      <button type="submit" className="btn btn-primary" disabled={send.isPending}>
        {t('deposit.submitBank')}
      </button>
    </form>
  );
}

function GatewayDeposit({ currency }: { currency: Currency }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'payments' });
  const channels = useQuery({ queryKey: paymentsKey('channels'), queryFn: paymentsApi.channels });
  const [amount, setAmount] = useState('');
  const start = useMoneyMutation(paymentsApi.depositGateway);
  if (!channels.data) return <Loading />;
  const gateway = channels.data.gateway;
  if (!gateway.enabled || !gateway.available) return <p>{t('deposit.unavailable')}</p>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate(
      { amount: amountInput(amount, currency), returnPath: '/index' },
      { onSuccess: (deposit) => window.location.assign(deposit.payUrl) },
    );
  };
  return (
    <form onSubmit={submit} aria-label={t('deposit.gateway')}>
      <FormField
        label={t('amount')}
        value={amount}
        onChange={setAmount}
        inputMode="decimal"
        required
        hint={t('amountHint', {
          min: money(gateway.minAmount, currency),
          max: money(gateway.maxAmount, currency),
        })}
      />
      <ErrorMessage error={start.error} />
      <button type="submit" className="btn btn-primary" disabled={start.isPending}>
        {t('deposit.submitGateway')}
      </button>
    </form>
  );
}

function MyDeposits({ currency }: { currency: Currency }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'payments' });
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery({
    queryKey: paymentsKey('deposits', pageNo),
    queryFn: () => paymentsApi.deposits(pageNo),
  });
  return (
    <section className="payments-card" aria-label={t('deposit.history')}>
      <h2>{t('deposit.history')}</h2>
      {list.data && list.data.list.length === 0 ? <p>{t('empty')}</p> : null}
      {list.data && list.data.list.length > 0 ? (
        <table className="payments-table">
          <thead>
            <tr>
              <th scope="col">{t('deposit.order')}</th>
              <th scope="col">{t('deposit.channels')}</th>
              <th scope="col">{t('amount')}</th>
              <th scope="col">{t('status')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.list.map((d) => (
              <tr key={d.id}>
                <td>
                  {d.orderNo}
                  <br />
                  <small>{new Date(d.createdAt).toLocaleString()}</small>
                </td>
                <td>{d.channel === 'bank' ? t('deposit.bank') : t('deposit.gateway')}</td>
                <td className="amount">{money(d.amount, currency)}</td>
                <td>
                  {t(`statuses.${d.status}`)}
                  {d.rejectReason ? (
                    <>
                      <br />
                      <small>{d.rejectReason}</small>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {list.data ? <Paging pageNo={pageNo} totalPages={list.data.totalPages} onPage={setPageNo} /> : null}
    </section>
  );
}

/**
 * The member's deposit limits, one click from the safer-gambling limits (issue 18 item 1); with none set yet, the
 * offer to set one before depositing.
 */
function DepositLimits({ currency }: { currency: Currency }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'payments.deposit.limits' });
  const limits = useQuery({ queryKey: paymentsKey('player-limits'), queryFn: paymentsApi.playerLimits });
  if (!limits.data) return null;
  const set = limits.data.limits.filter((l) => l.key.startsWith('deposit_') && l.value !== null);
  const open = () => openOverlay({ kind: 'memberCentre', page: 'saferGambling', section: 'limits' });
  return (
    <section className="payments-card payments-limits" aria-label={t('title')}>
      <h3>{t('title')}</h3>
      {set.length === 0 ? (
        <p>{limits.data.offer ? t('offer') : t('none')}</p>
      ) : (
        <ul className="payments-limits__list">
          {set.map((l) => (
            <li key={l.key}>
              {t(`periods.${l.key as 'deposit_day' | 'deposit_week' | 'deposit_month'}`)}:{' '}
              <strong>{money(l.value ?? 0, currency)}</strong>{' '}
              <small>{t('left', { left: money(Math.max(0, (l.value ?? 0) - l.used), currency) })}</small>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn btn-secondary" onClick={open}>
        {set.length === 0 ? t('set') : t('change')}
      </button>
    </section>
  );
}

/** depositv2: bank transfer (receiving account, limits, reference, proof) or the payment gateway; my deposits. */
export function DepositPage() {
  const { t } = useTranslation(undefined, { keyPrefix: 'payments' });
  const currency = useCurrency();
  const [channel, setChannel] = useState<'bank' | 'gateway'>('bank');
  if (!currency) return <Loading />;
  return (
    <div className="payments">
      <fieldset className="payments-tabs payments-radio" aria-label={t('deposit.channels')}>
        {(['bank', 'gateway'] as const).map((c) => (
          <button
            key={c}
            type="button"
            className={`btn ${channel === c ? 'btn-primary' : 'btn-secondary'}`}
            aria-pressed={channel === c}
            onClick={() => setChannel(c)}
          >
            {t(`deposit.${c}`)}
          </button>
        ))}
      </fieldset>
      <DepositLimits currency={currency} />
      {channel === 'bank' ? <BankDeposit currency={currency} /> : <GatewayDeposit currency={currency} />}
      <MyDeposits currency={currency} />
    </div>
  );
}
