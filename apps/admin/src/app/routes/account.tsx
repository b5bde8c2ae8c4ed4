import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { SecondFactorPanel } from '../../features/account/components/second-factor-panel.tsx';
import type { ShellContext } from '../layout/shell.tsx';

/** The signed-in operator's own account: who they are and their authenticator. */
export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  return (
    <div className="stack">
      <h1>{t('account.title')}</h1>
      <p className="muted">
        {t('account.intro', { name: operator.username, role: t(`roles.${operator.role}`) })}
      </p>
      <SecondFactorPanel />
    </div>
  );
}
