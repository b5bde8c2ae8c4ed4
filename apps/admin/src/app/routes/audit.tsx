import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { Notice } from '../../components/notice.tsx';
import { AuditLog } from '../../features/audit/components/audit-log.tsx';
import type { ShellContext } from '../layout/shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  return (
    <div className="stack">
      <h1>{t('audit.title')}</h1>
      <p className="muted">{t('audit.intro')}</p>
      {operator.role === 'owner' ? <AuditLog /> : <Notice tone="warning">{t('errors.ownersOnly')}</Notice>}
    </div>
  );
}
