import '../../../components/centre.css';
import '../../../components/report.css';
import './agent-centre.css';
import type { ContractKind } from '@tala/contracts/agent-contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IconName } from '../../../components/icons.tsx';
import { Icon } from '../../../components/icons.tsx';
import { ModalWrapper } from '../../../components/modal-wrapper.tsx';
import { fundsQuery } from '../../../lib/funds.ts';
import type enDeferred from '../../../locales/en-deferred.json';
import { AgentAnnouncementsPage } from './agent-announcements.tsx';
import { ContractPage, MyIncomePage } from './contract-pages.tsx';
import { RegisterAccountPage } from './register-account.tsx';
import { TeamManagementPage } from './team-management.tsx';
import { TeamOverviewPage } from './team-overview.tsx';
import { TeamBettingPage, TransactionDetailsPage, UserProfitLossPage } from './team-reports.tsx';

/** The contract features that add the last four entries (§2), from the consolidated flags (§3). */
type AgentFeatures = Record<ContractKind, boolean>;

type EntryId = keyof typeof enDeferred.agentCentre.pages;
type Entry = { id: EntryId; page: string; icon: IconName; when?: keyof AgentFeatures };

/** Each entry's page. */
const pages: Record<EntryId, (username: string) => ReactNode> = {
  announcement: () => <AgentAnnouncementsPage />,
  overview: () => <TeamOverviewPage />,
  registerAccount: () => <RegisterAccountPage />,
  teamManagement: () => <TeamManagementPage />,
  teamBetting: () => <TeamBettingPage />,
  userProfitLoss: () => <UserProfitLossPage />,
  transactionDetails: () => <TransactionDetailsPage />,
  myIncome: () => <MyIncomePage />,
  dividend: (username) => <ContractPage kind="dividend" username={username} />,
  dailySalary: (username) => <ContractPage kind="dailySalary" username={username} />,
  hourlySalary: (username) => <ContractPage kind="hourlySalary" username={username} />,
  realtimeSalary: (username) => <ContractPage kind="realtimeSalary" username={username} />,
};

/** Entries in the order of §2, each with its sub-page. */
const entries: Entry[] = [
  { id: 'announcement', page: 'agentAnnouncement', icon: 'megaphone' },
  { id: 'overview', page: 'agentTeamOverview', icon: 'chart' },
  { id: 'registerAccount', page: 'registerCenter', icon: 'plus' },
  { id: 'teamManagement', page: 'downlineManagmentView', icon: 'people' },
  { id: 'teamBetting', page: 'personalHistoryCopy', icon: 'ticket' },
  { id: 'userProfitLoss', page: 'palStatementsAgentCopy', icon: 'list' },
  { id: 'myIncome', page: 'agentRevenueReport', icon: 'wallet' },
  { id: 'transactionDetails', page: 'agentDownlineTransactionDetailsCopy', icon: 'swap' },
  { id: 'dividend', page: 'agentDividendRecordCopy2', icon: 'gift', when: 'dividend' },
  { id: 'dailySalary', page: 'agentDailyWages2', icon: 'clock', when: 'dailySalary' },
  { id: 'hourlySalary', page: 'agentHourSalary', icon: 'clock', when: 'hourlySalary' },
  { id: 'realtimeSalary', page: 'agentRealtimeSalary', icon: 'bolt', when: 'realtimeSalary' },
];

/** The agent centre modal (§2): a left menu that appears once loaded, the page, and a close button. */
export function AgentCentre({
  username,
  initialPage,
  onClose,
}: {
  /** Null until member info is loaded. */
  username: string | null;
  initialPage?: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const funds = useQuery({ ...fundsQuery(), enabled: username !== null });
  const flags = funds.data;
  const features: AgentFeatures = {
    dividend: flags?.divtypereq === 1,
    dailySalary: flags?.dailysalreqtype === 1,
    hourlySalary: flags?.contracthoursalreq === 1,
    realtimeSalary: flags?.realtimesalreqtype === 1,
  };
  const shown = entries.filter((entry) => !entry.when || features[entry.when]);
  const [page, setPage] = useState(initialPage ?? 'agentAnnouncement');
  const current = shown.find((entry) => entry.page === page) ?? shown[0];
  const loaded = username !== null && (funds.isFetched || funds.isError);
  return (
    <ModalWrapper open onClose={onClose} title={t('account.agentCentre')} size="large">
      {loaded && current ? (
        <div className="centre">
          <nav className="centre__menu" aria-label={t('agentCentre.menu')}>
            <ul>
              {shown.map((entry) => (
                <li key={entry.id}>
                  <button
                    type="button"
                    className="centre__entry"
                    aria-current={entry.page === current.page ? 'page' : undefined}
                    onClick={() => setPage(entry.page)}
                  >
                    <Icon name={entry.icon} size={18} />
                    <span>{t(`agentCentre.pages.${entry.id}`)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <section className="centre__content" aria-label={t(`agentCentre.pages.${current.id}`)}>
            <h2 className="agent-centre__title">{t(`agentCentre.pages.${current.id}`)}</h2>
            {pages[current.id](username)}
          </section>
        </div>
      ) : (
        <p className="centre__loading" role="status">
          {t('common.loading')}
        </p>
      )}
    </ModalWrapper>
  );
}
