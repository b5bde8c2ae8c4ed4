import { agentTypes } from '@tala/contracts/member-types';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { amountInput, type Currency, money } from '../../../lib/money.ts';
import { useOverlay } from '../../../lib/overlays.ts';
import { paymentsApi, paymentsKey, type TransferResult, useMoneyMutation } from '../api/payments-api.ts';
import { ErrorMessage, Loading, PaymentPasswordField, SuccessMessage, useCurrency } from './shared.tsx';
import { PaymentPasswordForm } from './withdraw.tsx';

function Sent({ result, currency }: { result: TransferResult; currency: Currency }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'payments' });
  return (
    <SuccessMessage>
      {t('transfer.sent', {
        amount: money(result.amount, currency),
        name: result.toUsername,
        balance: money(result.balance, currency),
      })}
    </SuccessMessage>
  );
}

function ToDownline({ currency }: { currency: Currency }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'payments' });
  const listId = useId();
  const team = useQuery({ queryKey: paymentsKey('downline'), queryFn: paymentsApi.downline });
  const overlay = useOverlay();
  const [username, setUsername] = useState(
    overlay?.kind === 'memberCentre' && overlay.transferTo ? overlay.transferTo : '',
  );
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const send = useMoneyMutation(paymentsApi.transferDownline);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(
      { username: username.trim(), amount: amountInput(amount, currency), paymentPassword: password },
      {
        onSuccess: () => {
          setAmount('');
          setPassword('');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="payments-card" aria-label={t('transfer.downline')}>
      <h2>{t('transfer.downline')}</h2>
      <p>{t('transfer.downlineLine')}</p>
      <FormField
        label={t('transfer.member')}
        value={username}
        onChange={setUsername}
        required
        list={listId}
        autoComplete="off"
      />
      <datalist id={listId}>
        {team.data?.map((m) => (
          <option key={m.username} value={m.username}>
            {m.nickname ?? m.username}
          </option>
        ))}
      </datalist>
      <FormField label={t('amount')} value={amount} onChange={setAmount} inputMode="decimal" required />
      <PaymentPasswordField value={password} onChange={setPassword} />
      <ErrorMessage error={send.error} />
      {send.data ? <Sent result={send.data} currency={currency} /> : null}
      <button type="submit" className="btn btn-primary" disabled={send.isPending}>
        {t('transfer.downline')}
      </button>
    </form>
  );
}

/** transferUpline: a member sends to their agent; an agent also sends to members of their own subtree. */
export function TransferPage({ memberType }: { memberType: number }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'payments' });
  const currency = useCurrency();
  const upline = useQuery({ queryKey: paymentsKey('upline'), queryFn: paymentsApi.upline });
  const passwordSet = useQuery({ queryKey: paymentsKey('password'), queryFn: paymentsApi.passwordSet });
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const send = useMoneyMutation(paymentsApi.transferUpline);
  if (!currency || !upline.data || !passwordSet.data) return <Loading />;
  if (!passwordSet.data.isSet) return <PaymentPasswordForm />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(
      { amount: amountInput(amount, currency), paymentPassword: password },
      {
        onSuccess: () => {
          setAmount('');
          setPassword('');
        },
      },
    );
  };
  const isAgent = (agentTypes as readonly number[]).includes(memberType);
  return (
    <div className="payments">
      {upline.data.username ? (
        <form onSubmit={submit} className="payments-card" aria-label={t('transfer.toUpline')}>
          <h2>{t('transfer.toUpline')}</h2>
          <p>
            {t('transfer.upline')}: <strong>{upline.data.nickname ?? upline.data.username}</strong> (
            {upline.data.username})
          </p>
          <FormField label={t('amount')} value={amount} onChange={setAmount} inputMode="decimal" required />
          <PaymentPasswordField value={password} onChange={setPassword} />
          <ErrorMessage error={send.error} />
          {send.data ? <Sent result={send.data} currency={currency} /> : null}
          <button type="submit" className="btn btn-primary" disabled={send.isPending}>
            {t('transfer.toUpline')}
          </button>
        </form>
      ) : (
        <p>{t('transfer.noUpline')}</p>
      )}
      {isAgent ? <ToDownline currency={currency} /> : null}
    </div>
  );
}
