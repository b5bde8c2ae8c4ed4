import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { Notice } from '../../components/notice.tsx';
import { CreateOperatorForm } from '../../features/operators/components/create-operator-form.tsx';
import { OperatorsTable } from '../../features/operators/components/operators-table.tsx';
import { SecuritySettings } from '../../features/operators/components/security-settings.tsx';
import type { ShellContext } from '../layout/shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  return (
    <div className="stack">
      <h1>{t('operators.title')}</h1>
      <p className="muted">{t('operators.intro')}</p>
      {operator.platform && operator.role === 'owner' ? (
        <>
          <OperatorsTable selfId={operator.id} />
          <SecuritySettings />
          <CreateOperatorForm />
        </>
      ) : (
        <Notice tone="warning">{t('errors.ownersOnly')}</Notice>
      )}
    </div>
  );
}
