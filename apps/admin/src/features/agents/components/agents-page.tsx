import type { Operator } from '@tala/contracts/admin';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { ContractReport } from './contract-report.tsx';
import { ContractSettingsForm } from './contract-settings.tsx';
import { OwedBills } from './owed-bills.tsx';
import { SettlementRuns } from './settlement-runs.tsx';

export const agentTabs = ['runs', 'owed', 'report', 'settings'] as const;
export type AgentTab = (typeof agentTabs)[number];

type Role = Operator['role'];
/** Mirrors the server: owners, finance and support read; owners and finance settle and cancel; owners set. */
export const agentRoles = {
  read: (role: Role) => role === 'owner' || role === 'finance' || role === 'support',
  decide: (role: Role) => role === 'owner' || role === 'finance',
  settings: (role: Role) => role === 'owner',
};

/** Agents' contracts in the back office: settlement runs, bills uplines still owe, the commission report, the settings. */
export function AgentsPage({
  operator,
  merchantCode,
  tab,
  href,
}: {
  operator: Operator;
  merchantCode: string;
  tab: AgentTab;
  href: (merchantCode: string, tab: AgentTab) => string;
}) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <nav className="tabs" aria-label={t('agents.title')}>
        {agentTabs.map((name) => (
          <NavLink key={name} to={href(merchantCode, name)} className="tab">
            {t(`agents.tabs.${name}`)}
          </NavLink>
        ))}
      </nav>
      {tab === 'runs' ? (
        <SettlementRuns merchantCode={merchantCode} mayDecide={agentRoles.decide(operator.role)} />
      ) : null}
      {tab === 'owed' ? (
        <OwedBills merchantCode={merchantCode} mayDecide={agentRoles.decide(operator.role)} />
      ) : null}
      {tab === 'report' ? <ContractReport merchantCode={merchantCode} /> : null}
      {tab === 'settings' ? (
        <ContractSettingsForm merchantCode={merchantCode} mayEdit={agentRoles.settings(operator.role)} />
      ) : null}
    </div>
  );
}
