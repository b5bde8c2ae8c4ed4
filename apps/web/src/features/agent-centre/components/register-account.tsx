import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { affiliateLinkQuery, agentKey, openAccount } from '../api/agent-api.ts';

/** §9's QR defaults, size 200 and margin 20 (QR_DEFAULTS of @tala/contracts/content, a module that carries zod). */
const QR = { size: 200, margin: 20 } as const;

const blank = {
  accountType: 'member' as 'member' | 'agent',
  username: '',
  password: '',
  confirmPassword: '',
  nickname: '',
};

/** The agent's affiliate link and its QR code: whoever registers through it lands under the agent (item 5). */
function AffiliateLinkCard() {
  const { t } = useTranslation();
  const link = useQuery(affiliateLinkQuery());
  const [copied, setCopied] = useState(false);
  if (link.isError)
    return (
      <p className="form-message form-message--error" role="alert">
        {link.error.message}
      </p>
    );
  if (!link.data) return <p role="status">{t('common.loading')}</p>;
  const copy = async () => {
    await navigator.clipboard?.writeText(link.data.link).catch(() => undefined);
    setCopied(true);
  };
  return (
    <section className="security__card agent-link" aria-labelledby="agent-link-title">
      <h2 id="agent-link-title">{t('agentCentre.register.linkTitle')}</h2>
      <p>{t('agentCentre.register.linkLine')}</p>
      <dl className="report__totals">
        <div>
          <dt>{t('agentCentre.register.code')}</dt>
          <dd data-testid="affiliate-code">{link.data.code}</dd>
        </div>
      </dl>
      <div className="agent-link__row">
        <input
          className="form-field__input"
          readOnly
          value={link.data.link}
          aria-label={t('agentCentre.register.link')}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="btn btn-secondary" onClick={copy}>
          {copied ? t('agentCentre.register.copied') : t('agentCentre.register.copy')}
        </button>
      </div>
      <img
        className="agent-link__qr"
        src={`/wps/system/qrcode?text=${encodeURIComponent(link.data.link)}&size=${QR.size}&margin=${QR.margin}`}
        width={QR.size}
        height={QR.size}
        alt={t('agentCentre.register.qr')}
      />
    </section>
  );
}

/** registerCenter: the agent opens a member's or a sub-agent's account directly under itself (§5's rules). */
export function RegisterAccountPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form, setForm] = useState(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const open = useMutation({
    mutationFn: openAccount,
    onSuccess: () => {
      setForm(blank);
      setErrors({});
      return client.invalidateQueries({ queryKey: agentKey('team') });
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const fields = Array.isArray(error.body.fields)
        ? (error.body.fields as { field: string; message: string }[])
        : error.field
          ? [{ field: error.field, message: error.message }]
          : [];
      setErrors(Object.fromEntries(fields.map((f) => [f.field, f.message])));
    },
  });
  const set = (field: keyof typeof blank) => (value: string) => setForm({ ...form, [field]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    open.mutate({ ...form, nickname: form.nickname.trim() || undefined });
  };
  const unplaced = open.error instanceof ApiError && !open.error.field && !open.error.body.fields;
  return (
    <div className="security">
      <form className="security__card" onSubmit={submit} aria-labelledby="agent-register-title" noValidate>
        <h2 id="agent-register-title">{t('agentCentre.register.title')}</h2>
        <p>{t('agentCentre.register.line')}</p>
        <fieldset className="segmented">
          <legend className="visually-hidden">{t('agentCentre.register.accountType')}</legend>
          {(['member', 'agent'] as const).map((type) => (
            <button
              key={type}
              type="button"
              aria-pressed={form.accountType === type}
              className={form.accountType === type ? 'report__period--on' : undefined}
              onClick={() => setForm({ ...form, accountType: type })}
            >
              {t(`agentCentre.team.types.${type}`)}
            </button>
          ))}
        </fieldset>
        <FormField
          label={t('auth.username')}
          value={form.username}
          onChange={set('username')}
          error={errors.username}
          autoComplete="off"
          required
        />
        <FormField
          label={t('auth.password')}
          type="password"
          value={form.password}
          onChange={set('password')}
          error={errors.password}
          autoComplete="new-password"
          required
        />
        <FormField
          label={t('auth.confirmPassword')}
          type="password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
          autoComplete="new-password"
          required
        />
        <FormField
          label={t('agentCentre.register.nickname')}
          value={form.nickname}
          onChange={set('nickname')}
          error={errors.nickname}
          maxLength={32}
        />
        <p className="report__sub">{t('agentCentre.register.firstLogin')}</p>
        {unplaced ? (
          <p className="form-message form-message--error" role="alert">
            {open.error?.message}
          </p>
        ) : null}
        {open.data ? (
          <p className="form-message form-message--success" role="status">
            {t(
              open.data.type === 0 ? 'agentCentre.register.openedMember' : 'agentCentre.register.openedAgent',
              {
                name: open.data.username,
              },
            )}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={open.isPending}>
          {open.isPending ? t('common.loading') : t('agentCentre.register.submit')}
        </button>
      </form>
      <AffiliateLinkCard />
    </div>
  );
}
