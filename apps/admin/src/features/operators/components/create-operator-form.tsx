import type { OperatorRole } from '@tala/contracts/admin';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useMerchants } from '../../settings/api/get-merchants.ts';
import { useCreateOperator } from '../api/create-operator.ts';

const roles: readonly OperatorRole[] = ['owner', 'finance', 'support', 'content'];

/** Adds an operator with a role; the server's refusal is shown beside the field it names. */
export function CreateOperatorForm() {
  const { t } = useTranslation();
  const create = useCreateOperator();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<OperatorRole>('support');
  // Empty: a platform operator; else the one merchant the operator acts on, with the role (decision 060).
  const [merchant, setMerchant] = useState('');
  const merchants = useMerchants();

  const error = create.error instanceof ApiError ? create.error : null;
  const errorFor = (field: string) =>
    error?.field === field
      ? error.errorCode === 'validation_failed'
        ? t('errors.fieldInvalid')
        : error.message
      : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { username, password, role, merchantRoles: merchant ? [{ merchantCode: merchant, role }] : [] },
      {
        onSuccess: () => {
          setUsername('');
          setPassword('');
        },
      },
    );
  }

  return (
    <form className="card stack" onSubmit={submit} noValidate>
      <h2>{t('operators.create')}</h2>
      {create.isError ? <Notice tone="error">{create.error.message}</Notice> : null}
      {create.isSuccess ? (
        <Notice tone="success">{t('operators.createdMessage', { name: create.data.username })}</Notice>
      ) : null}
      <div className="grid-3">
        <Field
          label={t('operators.username')}
          help={t('operators.usernameHelp')}
          error={errorFor('username')}
        >
          <input
            className="input"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </Field>
        <Field
          label={t('operators.password')}
          help={t('operators.passwordHelp')}
          error={errorFor('password')}
        >
          <input
            className="input"
            type="password"
            autoComplete="new-password"
            maxLength={200}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <Field label={t('operators.role')} error={errorFor('role')}>
          <select
            className="input"
            value={role}
            onChange={(event) => setRole(event.target.value as OperatorRole)}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={t('operatorScope.merchant')}
          help={t('operatorScope.merchantHelp')}
          error={errorFor('merchantRoles')}
        >
          <select className="input" value={merchant} onChange={(event) => setMerchant(event.target.value)}>
            <option value="">{t('operatorScope.platform')}</option>
            {(merchants.data ?? []).map((m) => (
              <option key={m.code} value={m.code}>
                {m.brandName} ({m.code})
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div>
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {t('operators.submit')}
        </button>
      </div>
    </form>
  );
}
