import type { Operator } from '@tala/contracts/admin';
import { useTranslation } from 'react-i18next';
import { NavLink, useSearchParams } from 'react-router';
import { Adjustments } from './adjustments.tsx';
import { Balances } from './balances.tsx';
import { DepositQueue } from './deposit-queue.tsx';
import { PaymentSettingsTab } from './payment-settings.tsx';
import { Reconciliation } from './reconciliation.tsx';
import { WithdrawalQueue } from './withdrawal-queue.tsx';

export const paymentTabs = [
  'deposits',
  'withdrawals',
  'adjustments',
  'balances',
  'reconciliation',
  'settings',
] as const;
export type PaymentTab = (typeof paymentTabs)[number];

type Role = Operator['role'];
/** Mirrors the server's guards: reading for owner, finance and support; money decisions for owner and finance. */
export const paymentRoles = {
  read: (role: Role) => role === 'owner' || role === 'finance' || role === 'support',
  decide: (role: Role) => role === 'owner' || role === 'finance',
  /** Gateway secrets (masked, write-only): owner and finance. */
  secrets: (role: Role) => role === 'owner' || role === 'finance',
  /** The settings document: the owner. */
  settings: (role: Role) => role === 'owner',
};

/** The payments area of the back office, one tab per list. */
export function PaymentsPage({
  operator,
  tab,
  href,
}: {
  operator: Operator;
  tab: PaymentTab;
  href: (tab: PaymentTab) => string;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const mayDecide = paymentRoles.decide(operator.role);
  const tabs = paymentTabs.filter((name) => name !== 'reconciliation' || mayDecide);
  return (
    <div className="stack">
      <nav className="tabs" aria-label={t('payments.title')}>
        {tabs.map((name) => (
          <NavLink key={name} to={href(name)} className="tab">
            {t(`payments.tabs.${name}`)}
          </NavLink>
        ))}
      </nav>
      {tab === 'deposits' ? <DepositQueue mayDecide={mayDecide} /> : null}
      {tab === 'withdrawals' ? (
        <WithdrawalQueue mayDecide={mayDecide} operatorName={operator.username} />
      ) : null}
      {tab === 'adjustments' ? (
        <Adjustments
          mayDecide={mayDecide}
          operatorName={operator.username}
          memberId={params.get('memberId') ?? ''}
        />
      ) : null}
      {tab === 'balances' ? <Balances /> : null}
      {tab === 'reconciliation' && mayDecide ? <Reconciliation /> : null}
      {tab === 'settings' ? (
        <PaymentSettingsTab
          mayEdit={paymentRoles.settings(operator.role)}
          maySeeSecrets={paymentRoles.secrets(operator.role)}
        />
      ) : null}
    </div>
  );
}
