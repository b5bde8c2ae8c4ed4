import { type OperatorRole, operatorRoles } from '@tala/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Switch } from '../../../components/switch.tsx';
import { useSaveSecurity, useSecurity } from '../api/security.ts';

/** Owners choose the roles that must sign in with an authenticator code (owner and finance by default). */
export function SecuritySettings() {
  const { t } = useTranslation();
  const query = useSecurity();
  const save = useSaveSecurity();
  const [draft, setDraft] = useState<OperatorRole[] | null>(null);
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const roles = draft ?? query.data.totpRequiredRoles;
  const changed =
    draft !== null && [...draft].sort().join() !== [...query.data.totpRequiredRoles].sort().join();
  return (
    <section className="card stack" aria-labelledby="security-title">
      <h2 id="security-title">{t('operators.securityTitle')}</h2>
      <p className="muted">{t('operators.securityIntro')}</p>
      {save.isError ? <Notice tone="error">{save.error.message}</Notice> : null}
      {save.isSuccess && !changed ? <Notice tone="success">{t('operators.securitySaved')}</Notice> : null}
      {operatorRoles.map((role) => (
        <Switch
          key={role}
          label={t('operators.requireFor', { role: t(`roles.${role}`) })}
          checked={roles.includes(role)}
          onChange={(on) => setDraft(on ? [...roles, role] : roles.filter((r) => r !== role))}
        />
      ))}
      <div>
        <button
          type="button"
          className="button button-primary"
          disabled={!changed || save.isPending}
          onClick={() => save.mutate({ totpRequiredRoles: roles }, { onSuccess: () => setDraft(null) })}
        >
          {t('operators.securitySave')}
        </button>
      </div>
    </section>
  );
}
