import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { amountInput, type Currency, money } from '../../../lib/money.ts';
import {
  type BankCard,
  paymentsApi,
  paymentsKey,
  refreshMoney,
  useMoneyMutation,
  type Withdrawal,
} from '../api/payments-api.ts';
import {
  ErrorMessage,
  Loading,
  Paging,
  PaymentPasswordField,
  SelectField,
  SuccessMessage,
  useCurrency,
} from './shared.tsx';

/** Sets the payment password (the login password proves it is the member). */
export function PaymentPasswordForm() {
  const { t } = useTranslation(undefined, { keyPrefix: 'payments' });
  const client = useQueryClient();
  const [login, setLogin] = useState('');
  const [pay, setPay] = useState('');
  const save = useMoneyMutation(paymentsApi.setPassword);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ loginPassword: login, paymentPassword: pay }, { onSuccess: () => refreshMoney(client) });
  };
  return (
    <form onSubmit={submit} className="payments-card" aria-label={t('withdraw.setPassword')}>
      <h2>{t('withdraw.setPassword')}</h2>
      <p>{t('withdraw.setPasswordLine')}</p>
      <FormField
        label={t('withdraw.loginPassword')}
        type="password"
        value={login}
        onChange={setLogin}
        required
        autoComplete="current-password"
      />
      <FormField
        label={t('withdraw.newPaymentPassword')}
        type="password"
        value={pay}
        onChange={setPay}
        required
        minLength={6}
        maxLength={32}
        autoComplete="new-password"
      />
      <ErrorMessage error={save.error} />
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {t('withdraw.savePassword')}
      </button>
    </form>
  );
}

function AddCard() {
  const { t } = useTranslation(undefined, { keyPrefix: 'payments' });
  const [bankName, setBankName] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [payeeName, setPayeeName] = useState('');
  const [password, setPassword] = useState('');
  const add = useMoneyMutation(paymentsApi.addCard);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { bankName, accountNumber: accountNumber.replace(/\s/g, ''), payeeName, paymentPassword: password },
      {
        onSuccess: () => {
          setAccountNumber('');
          setPassword('');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label={t('withdraw.addCard')}>
      <h3>{t('withdraw.addCard')}</h3>
      <FormField
        label={t('withdraw.bankName')}
        value={bankName}
        onChange={setBankName}
        required
        maxLength={60}
      />
      <FormField
        label={t('withdraw.accountNumber')}
        value={accountNumber}
        onChange={setAccountNumber}
        required
        inputMode="numeric"
      />
      <FormField
        label={t('withdraw.payeeName')}
        value={payeeName}
        onChange={setPayeeName}
        required
        maxLength={80}
      />
      <PaymentPasswordField value={password} onChange={setPassword} />
      <ErrorMessage error={add.error} />
      <button type="submit" className="btn btn-secondary" disabled={add.isPending}>
        {t('withdraw.bind')}
      </button>
    </form>
  );
}

/** One bound card with its remove button; removing asks for confirmation with the payment password. */
function BoundCard({ card, onRemoved }: { card: BankCard; onRemoved: (name: string) => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'payments' });
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const remove = useMoneyMutation(paymentsApi.removeCard);
  const name = `${card.bankName} ${card.accountMasked}`;
  const close = () => {
    setConfirming(false);
    setPassword('');
    remove.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Not `mutate`'s onSuccess: the lists refresh first, this card leaves them and its callbacks would be dropped.
    remove.mutateAsync({ id: card.id, paymentPassword: password }).then(
      () => onRemoved(name),
      () => undefined,
    );
  };
  return (
    <li className="payments-bound-card">
      <div className="payments-bound-card__row">
        <span>
          {name} · {card.payeeName}
        </span>
        {confirming ? null : (
          <button
            type="button"
            className="btn btn-ghost"
            aria-label={t('withdraw.removeCard', { card: name })}
            onClick={() => setConfirming(true)}
          >
            {t('withdraw.removeYes')}
          </button>
        )}
      </div>
      {confirming ? (
        <form onSubmit={submit} aria-label={t('withdraw.removeCard', { card: name })}>
          <p>{t('withdraw.removeConfirm', { card: name })}</p>
          <PaymentPasswordField value={password} onChange={setPassword} />
          <ErrorMessage error={remove.error} />
          <div className="payments-actions">
            <button type="submit" className="btn btn-primary" disabled={remove.isPending}>
              {t('withdraw.removeYes')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={close}>
              {t('withdraw.cancel')}
            </button>
          </div>
        </form>
      ) : null}
    </li>
  );
}

function ConfirmReceipt({ w, currency }: { w: Withdrawal; currency: Currency }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'payments' });
  const [receipt, setReceipt] = useState<'received' | 'partly_received' | 'not_received'>('received');
  const [received, setReceived] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const confirm = useMoneyMutation(paymentsApi.confirm);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const form = new FormData();
    form.set('withdrawalId', String(w.id));
    form.set('receipt', receipt);
    if (receipt === 'partly_received') form.set('receivedAmount', String(amountInput(received, currency)));
    if (receipt === 'not_received') for (const file of files) form.append('proof', file);
    confirm.mutate(form);
  };
  return (
    <form
      onSubmit={submit}
      aria-label={t('withdraw.confirmTitle', { amount: money(w.paidAmount ?? w.amount, currency) })}
    >
      <strong>{t('withdraw.confirmTitle', { amount: money(w.paidAmount ?? w.amount, currency) })}</strong>
      {w.confirmBy ? (
        <small>{t('withdraw.confirmBy', { time: new Date(w.confirmBy).toLocaleString() })}</small>
      ) : null}
      <fieldset className="payments-radio">
        <legend className="visually-hidden">{t('withdraw.confirmTitle', { amount: '' })}</legend>
        {(
          [
            ['received', 'withdraw.received'],
            ['partly_received', 'withdraw.partly'],
            ['not_received', 'withdraw.notReceived'],
          ] as const
        ).map(([value, key]) => (
          <label key={value}>
            <input
              type="radio"
              name={`receipt-${w.id}`}
              value={value}
              checked={receipt === value}
              onChange={() => setReceipt(value)}
            />{' '}
            {t(key)}
          </label>
        ))}
      </fieldset>
      {receipt === 'partly_received' ? (
        <FormField
          label={t('withdraw.receivedAmount')}
          value={received}
          onChange={setReceived}
          inputMode="decimal"
          required
        />
      ) : null}
      {receipt === 'not_received' ? (
        <div className="form-field">
          <label className="form-field__label">
            {t('withdraw.proof')}
            <input
              type="file"
              accept="image/png,image/jpeg"
              multiple
              onChange={(e) => setFiles([...(e.target.files ?? [])])}
            />
          </label>
        </div>
      ) : null}
      <ErrorMessage error={confirm.error} />
      <button type="submit" className="btn btn-primary" disabled={confirm.isPending}>
        {t('withdraw.send')}
      </button>
    </form>
  );
}

function MyWithdrawals({ currency }: { currency: Currency }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'payments' });
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery({
    queryKey: paymentsKey('withdrawals', pageNo),
    queryFn: () => paymentsApi.withdrawals(pageNo),
  });
  return (
    <section className="payments-card" aria-label={t('withdraw.history')}>
      <h2>{t('withdraw.history')}</h2>
      {list.data && list.data.list.length === 0 ? <p>{t('empty')}</p> : null}
      {list.data?.list.map((w) => (
        <article key={w.id} className="payments-card" aria-label={w.orderNo}>
          <div>
            <strong>{money(w.amount, currency)}</strong> · {w.bankCard.bankName} {w.bankCard.accountMasked} ·{' '}
            <span>{t(`statuses.${w.status}`)}</span>
            <br />
            <small>
              {w.orderNo} · {new Date(w.createdAt).toLocaleString()}
            </small>
          </div>
          {w.payout && w.paidAmount !== null ? (
            <p>{t(`withdraw.payout.${w.payout}`, { amount: money(w.paidAmount, currency) })}</p>
          ) : null}
          {w.receipt ? (
            <p>{t(`withdraw.receipt.${w.receipt}`, { amount: money(w.receivedAmount ?? 0, currency) })}</p>
          ) : null}
          {w.rejectReason ? <p>{w.rejectReason}</p> : null}
          {w.status === 'paid' ? <ConfirmReceipt w={w} currency={currency} /> : null}
        </article>
      ))}
      {list.data ? <Paging pageNo={pageNo} totalPages={list.data.totalPages} onPage={setPageNo} /> : null}
    </section>
  );
}

/** withdraw: payment password, bank cards bound to the member, the request with its limits, my withdrawals. */
export function WithdrawPage() {
  const { t } = useTranslation(undefined, { keyPrefix: 'payments' });
  const currency = useCurrency();
  const limits = useQuery({ queryKey: paymentsKey('limits'), queryFn: paymentsApi.limits });
  const cards = useQuery({ queryKey: paymentsKey('cards'), queryFn: paymentsApi.cards });
  const [cardId, setCardId] = useState('');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [removed, setRemoved] = useState('');
  const request = useMoneyMutation(paymentsApi.withdraw);
  if (!currency || !limits.data || !cards.data)
    return limits.error ? <ErrorMessage error={limits.error} /> : <Loading />;
  if (!limits.data.paymentPasswordSet) return <PaymentPasswordForm />;
  const l = limits.data;
  const card = cards.data.find((c) => String(c.id) === cardId) ?? cards.data[0];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!card) return;
    request.mutate(
      { amount: amountInput(amount, currency), bankCardId: card.id, paymentPassword: password },
      {
        onSuccess: () => {
          setAmount('');
          setPassword('');
        },
      },
    );
  };
  return (
    <div className="payments">
      <dl className="payments-figures">
        <div>
          <dt>{t('balance')}</dt>
          <dd>{money(l.balance, currency)}</dd>
        </div>
        {l.bonusHeld > 0 ? (
          <div>
            <dt>{t('withdraw.bonusHeld')}</dt>
            <dd>{money(l.bonusHeld, currency)}</dd>
          </div>
        ) : null}
      </dl>
      {l.bonusHeld > 0 ? <p className="payments-note">{t('withdraw.bonusHeldLine')}</p> : null}
      <section className="payments-card" aria-label={t('withdraw.cards')}>
        <h2>{t('withdraw.cards')}</h2>
        {cards.data.length === 0 ? <p>{t('withdraw.noCards')}</p> : null}
        <ul className="payments-bound-cards">
          {cards.data.map((c) => (
            <BoundCard key={c.id} card={c} onRemoved={setRemoved} />
          ))}
        </ul>
        {removed ? <SuccessMessage>{t('withdraw.removed', { card: removed })}</SuccessMessage> : null}
        <AddCard />
      </section>
      {card ? (
        <form onSubmit={submit} aria-label={t('withdraw.request')}>
          <SelectField label={t('withdraw.card')} value={String(card.id)} onChange={setCardId}>
            {cards.data.map((c) => (
              <option key={c.id} value={c.id}>
                {c.bankName} {c.accountMasked}
              </option>
            ))}
          </SelectField>
          <FormField
            label={t('amount')}
            value={amount}
            onChange={setAmount}
            inputMode="decimal"
            required
            hint={t('withdraw.limits', {
              min: money(l.minAmount, currency),
              max: money(l.maxAmount, currency),
              left: money(Math.max(l.dailyMaxAmount - l.usedToday, 0), currency),
            })}
          />
          <PaymentPasswordField value={password} onChange={setPassword} />
          <ErrorMessage error={request.error} />
          {request.data ? (
            <SuccessMessage>{t('withdraw.requested', { order: request.data.orderNo })}</SuccessMessage>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={request.isPending}>
            {t('withdraw.request')}
          </button>
        </form>
      ) : null}
      <MyWithdrawals currency={currency} />
    </div>
  );
}
