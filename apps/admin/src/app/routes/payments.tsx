import { useTranslation } from 'react-i18next';
import { Navigate, useOutletContext, useParams } from 'react-router';
import { Forbidden } from '../../components/forbidden.tsx';
import { paths } from '../../config/paths.ts';
import {
  PaymentsPage,
  type PaymentTab,
  paymentRoles,
  paymentTabs,
} from '../../features/payments/components/payments-page.tsx';
import type { ShellContext } from '../layout/shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  const { tab } = useParams();
  if (!tab || !paymentTabs.includes(tab as PaymentTab))
    return <Navigate to={paths.payments.href('deposits')} replace />;
  return (
    <div className="stack">
      <h1>{t('payments.title')}</h1>
      <p className="muted">{t('payments.intro')}</p>
      {paymentRoles.read(operator.role) ? (
        <PaymentsPage operator={operator} tab={tab as PaymentTab} href={paths.payments.href} />
      ) : (
        <Forbidden />
      )}
    </div>
  );
}
