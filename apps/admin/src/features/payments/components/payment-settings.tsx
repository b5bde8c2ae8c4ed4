import type { BankAccount, GatewayCredential, PaymentSettings } from '@tala/contracts/payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { ApiError, api } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { amountFromInput, money } from '../../../lib/money.ts';
import { useMerchants } from '../../settings/api/get-merchants.ts';
import { MerchantPicker } from '../../settings/components/merchant-picker.tsx';
import { Section } from '../../settings/components/section.tsx';
import { paymentsKey } from '../api/payments.ts';

/** The amount fields of the settings document, by their path in it (the server names a bad one by this path). */
const amountFields = [
  'deposit.bank.minAmount',
  'deposit.bank.maxAmount',
  'deposit.gateway.minAmount',
  'deposit.gateway.maxAmount',
  'withdrawal.minAmount',
  'withdrawal.maxAmount',
  'withdrawal.dailyMaxAmount',
  'withdrawal.secondApprovalAbove',
  'adjustmentSecondApprovalAbove',
] as const;
const minuteFields = ['deposit.expiryMinutes', 'withdrawal.autoReceiveMinutes'] as const;
type AmountField = (typeof amountFields)[number];
type MinuteField = (typeof minuteFields)[number];

/** The form's copy of the settings: amounts and minutes as typed, the rest as stored. */
type Draft = {
  text: Record<AmountField | MinuteField, string>;
  bankEnabled: boolean;
  gatewayEnabled: boolean;
  gatewayCode: string;
  accounts: BankAccount[];
};

function read(settings: PaymentSettings, path: string): number {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], settings) as number;
}

function toDraft(settings: PaymentSettings): Draft {
  const text = {} as Draft['text'];
  for (const path of amountFields) text[path] = money(read(settings, path));
  for (const path of minuteFields) text[path] = String(read(settings, path));
  return {
    text,
    bankEnabled: settings.deposit.bank.enabled,
    gatewayEnabled: settings.deposit.gateway.enabled,
    gatewayCode: settings.deposit.gateway.gatewayCode,
    accounts: settings.deposit.bank.accounts,
  };
}

/** The document to send; a bad amount goes as typed, so the server names the field. */
function fromDraft(draft: Draft) {
  const amount = (path: AmountField) => amountFromInput(draft.text[path]);
  const minutes = (path: MinuteField) => {
    const value = draft.text[path].trim();
    return /^\d+$/.test(value) ? Number(value) : value;
  };
  return {
    deposit: {
      bank: {
        enabled: draft.bankEnabled,
        minAmount: amount('deposit.bank.minAmount'),
        maxAmount: amount('deposit.bank.maxAmount'),
        accounts: draft.accounts,
      },
      gateway: {
        enabled: draft.gatewayEnabled,
        gatewayCode: draft.gatewayCode.trim().toUpperCase(),
        minAmount: amount('deposit.gateway.minAmount'),
        maxAmount: amount('deposit.gateway.maxAmount'),
      },
      expiryMinutes: minutes('deposit.expiryMinutes'),
    },
    withdrawal: {
      minAmount: amount('withdrawal.minAmount'),
      maxAmount: amount('withdrawal.maxAmount'),
      dailyMaxAmount: amount('withdrawal.dailyMaxAmount'),
      autoReceiveMinutes: minutes('withdrawal.autoReceiveMinutes'),
      secondApprovalAbove: amount('withdrawal.secondApprovalAbove'),
    },
    adjustmentSecondApprovalAbove: amount('adjustmentSecondApprovalAbove'),
  };
}

const errorOn = (error: unknown, path: string) =>
  error instanceof ApiError && error.field === path ? error.message : undefined;

/** The payments settings tab: the merchant's settings document, and its gateway accounts for owner and finance. */
export function PaymentSettingsTab({ mayEdit, maySeeSecrets }: { mayEdit: boolean; maySeeSecrets: boolean }) {
  const merchants = useMerchants();
  const [chosen, setChosen] = useState('');
  if (merchants.isPending) return <Loading />;
  if (merchants.isError)
    return <LoadError error={merchants.error} onRetry={() => void merchants.refetch()} />;
  const merchantCode = chosen || merchants.data[0]?.code;
  if (!merchantCode) return null;
  return (
    <div className="stack">
      <MerchantPicker merchants={merchants.data} value={merchantCode} onChange={setChosen} />
      <SettingsForm key={merchantCode} merchantCode={merchantCode} mayEdit={mayEdit} />
      {maySeeSecrets ? <GatewayAccounts key={`${merchantCode}-gw`} merchantCode={merchantCode} /> : null}
    </div>
  );
}

function SettingsForm({ merchantCode, mayEdit }: { merchantCode: string; mayEdit: boolean }) {
  const query = useQuery({
    queryKey: [...paymentsKey, 'settings', merchantCode],
    queryFn: ({ signal }) =>
      api<PaymentSettings>('/admin-api/payments/settings', { signal, query: { merchantCode } }),
  });
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <SettingsEditor merchantCode={merchantCode} settings={query.data} mayEdit={mayEdit} />;
}

function SettingsEditor({
  merchantCode,
  settings,
  mayEdit,
}: {
  merchantCode: string;
  settings: PaymentSettings;
  mayEdit: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState(() => toDraft(settings));
  const save = useMutation({
    mutationFn: (body: unknown) =>
      api<PaymentSettings>('/admin-api/payments/settings', { method: 'PUT', query: { merchantCode }, body }),
    onSuccess: (saved) => {
      client.setQueryData([...paymentsKey, 'settings', merchantCode], saved);
      setDraft(toDraft(saved));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(fromDraft(draft));
  };
  const text = (path: AmountField | MinuteField, label: string, numeric: 'decimal' | 'numeric') => (
    <Field label={label} error={errorOn(save.error, path)}>
      <input
        className="input"
        inputMode={numeric}
        required
        value={draft.text[path]}
        onChange={(e) => setDraft((d) => ({ ...d, text: { ...d.text, [path]: e.target.value } }))}
      />
    </Field>
  );
  const setAccount = (index: number, change: Partial<BankAccount>) =>
    setDraft((d) => ({
      ...d,
      accounts: d.accounts.map((a, i) => (i === index ? { ...a, ...change } : a)),
    }));
  const fieldError = save.error instanceof ApiError && save.error.field ? save.error.field : '';
  const shownAtField = [...amountFields, ...minuteFields].includes(fieldError as AmountField);

  return (
    <form className="stack" onSubmit={submit} aria-label={t('payments.settings.title')}>
      {mayEdit ? null : <Notice tone="info">{t('payments.settings.readOnly')}</Notice>}
      <fieldset className="plain" disabled={!mayEdit || save.isPending}>
        <SettingsSection title={t('payments.settings.bankTitle')} help={t('payments.settings.bankHelp')}>
          <label className="check">
            <input
              type="checkbox"
              checked={draft.bankEnabled}
              onChange={(e) => setDraft((d) => ({ ...d, bankEnabled: e.target.checked }))}
            />
            {t('payments.settings.bankEnabled')}
          </label>
          <div className="grid-2">
            {text('deposit.bank.minAmount', t('payments.settings.minAmount'), 'decimal')}
            {text('deposit.bank.maxAmount', t('payments.settings.maxAmount'), 'decimal')}
          </div>
          <h3>{t('payments.settings.accounts')}</h3>
          {draft.accounts.length === 0 ? <p className="muted">{t('payments.settings.noAccounts')}</p> : null}
          {draft.accounts.map((account, index) => {
            const n = index + 1;
            const at = `deposit.bank.accounts.${index}`;
            return (
              <fieldset
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the id is one of their fields
                key={index}
                className="card stack"
                aria-label={t('payments.settings.accountN', { n })}
              >
                <legend>{t('payments.settings.accountN', { n })}</legend>
                <div className="grid-2">
                  <Field label={t('payments.settings.accountId')} error={errorOn(save.error, `${at}.id`)}>
                    <input
                      className="input"
                      required
                      value={account.id}
                      onChange={(e) => setAccount(index, { id: e.target.value })}
                    />
                  </Field>
                  <Field
                    label={t('payments.settings.bankName')}
                    error={errorOn(save.error, `${at}.bankName`)}
                  >
                    <input
                      className="input"
                      required
                      value={account.bankName}
                      onChange={(e) => setAccount(index, { bankName: e.target.value })}
                    />
                  </Field>
                  <Field
                    label={t('payments.settings.accountName')}
                    error={errorOn(save.error, `${at}.accountName`)}
                  >
                    <input
                      className="input"
                      required
                      value={account.accountName}
                      onChange={(e) => setAccount(index, { accountName: e.target.value })}
                    />
                  </Field>
                  <Field
                    label={t('payments.settings.accountNumber')}
                    error={errorOn(save.error, `${at}.accountNumber`)}
                  >
                    <input
                      className="input"
                      required
                      inputMode="numeric"
                      value={account.accountNumber}
                      onChange={(e) => setAccount(index, { accountNumber: e.target.value })}
                    />
                  </Field>
                </div>
                <div>
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() =>
                      setDraft((d) => ({ ...d, accounts: d.accounts.filter((_, i) => i !== index) }))
                    }
                  >
                    {t('payments.settings.removeAccount', { n })}
                  </button>
                </div>
              </fieldset>
            );
          })}
          {draft.accounts.length < 10 ? (
            <div>
              <button
                type="button"
                className="button"
                onClick={() =>
                  setDraft((d) => ({
                    ...d,
                    accounts: [
                      ...d.accounts,
                      {
                        id: `account-${d.accounts.length + 1}`,
                        bankName: '',
                        accountName: '',
                        accountNumber: '',
                      },
                    ],
                  }))
                }
              >
                {t('payments.settings.addAccount')}
              </button>
            </div>
          ) : null}
        </SettingsSection>

        <SettingsSection
          title={t('payments.settings.gatewayTitle')}
          help={t('payments.settings.gatewayHelp')}
        >
          <label className="check">
            <input
              type="checkbox"
              checked={draft.gatewayEnabled}
              onChange={(e) => setDraft((d) => ({ ...d, gatewayEnabled: e.target.checked }))}
            />
            {t('payments.settings.gatewayEnabled')}
          </label>
          <div className="grid-3">
            <Field
              label={t('payments.settings.gatewayCode')}
              error={errorOn(save.error, 'deposit.gateway.gatewayCode')}
            >
              <input
                className="input"
                required
                value={draft.gatewayCode}
                onChange={(e) => setDraft((d) => ({ ...d, gatewayCode: e.target.value }))}
              />
            </Field>
            {text('deposit.gateway.minAmount', t('payments.settings.minAmount'), 'decimal')}
            {text('deposit.gateway.maxAmount', t('payments.settings.maxAmount'), 'decimal')}
          </div>
          {text('deposit.expiryMinutes', t('payments.settings.expiryMinutes'), 'numeric')}
        </SettingsSection>

        <SettingsSection
          title={t('payments.settings.withdrawalTitle')}
          help={t('payments.settings.withdrawalHelp')}
        >
          <div className="grid-3">
            {text('withdrawal.minAmount', t('payments.settings.withdrawalMin'), 'decimal')}
            {text('withdrawal.maxAmount', t('payments.settings.withdrawalMax'), 'decimal')}
            {text('withdrawal.dailyMaxAmount', t('payments.settings.dailyMax'), 'decimal')}
          </div>
          <div className="grid-2">
            {text('withdrawal.secondApprovalAbove', t('payments.settings.secondApprovalAbove'), 'decimal')}
            {text('withdrawal.autoReceiveMinutes', t('payments.settings.autoReceiveMinutes'), 'numeric')}
          </div>
          {text(
            'adjustmentSecondApprovalAbove',
            t('payments.settings.adjustmentSecondApprovalAbove'),
            'decimal',
          )}
        </SettingsSection>
      </fieldset>
      {save.isError && !shownAtField ? <Notice tone="error">{save.error.message}</Notice> : null}
      {save.isSuccess ? <Notice tone="success">{t('payments.settings.saved')}</Notice> : null}
      {mayEdit ? (
        <div>
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {t('payments.settings.save')}
          </button>
        </div>
      ) : null}
    </form>
  );
}

function SettingsSection({ title, help, children }: { title: string; help: string; children: ReactNode }) {
  return (
    <Section title={title} help={help}>
      <div className="stack">{children}</div>
    </Section>
  );
}

/** The merchant's accounts at payment gateways: numbers and addresses, the secret masked and write-only. */
function GatewayAccounts({ merchantCode }: { merchantCode: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: [...paymentsKey, 'gateway-credentials', merchantCode],
    queryFn: ({ signal }) =>
      api<GatewayCredential[]>('/admin-api/payments/gateway-credentials', {
        signal,
        query: { merchantCode },
      }),
  });
  return (
    <Section title={t('payments.settings.credentialsTitle')} help={t('payments.settings.credentialsHelp')}>
      <div className="stack">
        {query.isPending ? <Loading /> : null}
        {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
        {query.data && query.data.length === 0 ? (
          <p className="muted">{t('payments.settings.noCredentials')}</p>
        ) : null}
        {query.data?.map((c) => (
          <CredentialForm key={c.gatewayCode} merchantCode={merchantCode} credential={c} />
        ))}
        {query.data ? <CredentialForm merchantCode={merchantCode} credential={undefined} /> : null}
      </div>
    </Section>
  );
}

function CredentialForm({
  merchantCode,
  credential,
}: {
  merchantCode: string;
  credential: GatewayCredential | undefined;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [gatewayCode, setGatewayCode] = useState(credential?.gatewayCode ?? '');
  const [merchantNo, setMerchantNo] = useState(credential?.merchantNo ?? '');
  const [apiUrl, setApiUrl] = useState(credential?.apiUrl ?? '');
  const [secret, setSecret] = useState('');
  const save = useMutation({
    mutationFn: () =>
      api<GatewayCredential>('/admin-api/payments/gateway-credentials', {
        method: 'PUT',
        query: { merchantCode },
        body: {
          gatewayCode: gatewayCode.trim().toUpperCase(),
          merchantNo: merchantNo.trim(),
          apiUrl: apiUrl.trim() || null,
          ...(secret ? { secret } : {}),
        },
      }),
    onSuccess: () => {
      setSecret('');
      if (!credential) {
        setGatewayCode('');
        setMerchantNo('');
        setApiUrl('');
      }
      void client.invalidateQueries({ queryKey: [...paymentsKey, 'gateway-credentials', merchantCode] });
    },
  });
  const title = credential
    ? t('payments.settings.editCredential', { code: credential.gatewayCode })
    : t('payments.settings.addCredential');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const named = ['gatewayCode', 'merchantNo', 'apiUrl', 'secret'];
  return (
    <form className="card stack" onSubmit={submit} aria-label={title}>
      <h3>{title}</h3>
      {credential ? (
        <p className="muted">
          {t('payments.settings.secretStored', { hint: credential.secretHint })} ·{' '}
          {t('payments.settings.updated', { time: formatDateTime(credential.updatedAt, currentLocale()) })}
        </p>
      ) : null}
      <div className="grid-2">
        {credential ? null : (
          <Field label={t('payments.settings.gatewayCode')} error={errorOn(save.error, 'gatewayCode')}>
            <input
              className="input"
              required
              value={gatewayCode}
              onChange={(e) => setGatewayCode(e.target.value)}
            />
          </Field>
        )}
        <Field label={t('payments.settings.merchantNo')} error={errorOn(save.error, 'merchantNo')}>
          <input
            className="input"
            required
            value={merchantNo}
            onChange={(e) => setMerchantNo(e.target.value)}
          />
        </Field>
        <Field
          label={t('payments.settings.apiUrl')}
          help={t('payments.settings.apiUrlHelp')}
          error={errorOn(save.error, 'apiUrl')}
        >
          <input className="input" type="url" value={apiUrl} onChange={(e) => setApiUrl(e.target.value)} />
        </Field>
        <Field
          label={t('payments.settings.newSecret')}
          help={credential ? t('payments.settings.newSecretHelp') : undefined}
          error={errorOn(save.error, 'secret')}
        >
          <input
            className="input"
            type="password"
            autoComplete="new-password"
            required={!credential}
            minLength={32}
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
          />
        </Field>
      </div>
      {save.isError && !(save.error instanceof ApiError && named.includes(save.error.field ?? '')) ? (
        <Notice tone="error">{save.error.message}</Notice>
      ) : null}
      {save.isSuccess ? <Notice tone="success">{t('payments.settings.credentialSaved')}</Notice> : null}
      <div>
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {t('payments.settings.saveCredential')}
        </button>
      </div>
    </form>
  );
}
