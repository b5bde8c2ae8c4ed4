import { useTranslation } from 'react-i18next';
import { useOutletContext, useParams } from 'react-router';
import { Forbidden } from '../../components/forbidden.tsx';
import { MerchantScope } from '../../components/merchant-scope.tsx';
import { paths } from '../../config/paths.ts';
import {
  AgentsPage,
  type AgentTab,
  agentRoles,
  agentTabs,
} from '../../features/agents/components/agents-page.tsx';
import type { ShellContext } from '../layout/shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  const params = useParams();
  const tab = agentTabs.includes(params.tab as AgentTab) ? (params.tab as AgentTab) : 'runs';
  return (
    <div className="stack">
      <h1>{t('agents.title')}</h1>
      <p className="muted">{t('agents.intro')}</p>
      {agentRoles.read(operator.role) ? (
        <MerchantScope merchantCode={params.merchantCode} href={(code) => paths.agents.href(code, tab)}>
          {(merchantCode) => (
            <AgentsPage operator={operator} merchantCode={merchantCode} tab={tab} href={paths.agents.href} />
          )}
        </MerchantScope>
      ) : (
        <Forbidden />
      )}
    </div>
  );
}
