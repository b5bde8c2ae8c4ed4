import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type enDeferred from '../../../locales/en-deferred.json';
import { overviewQuery, type Range, type TeamOverview } from '../api/agent-api.ts';
import { RangeCaption, RangePicker, ReportState, useMoney } from './report-parts.tsx';

type Figure = {
  key: Exclude<keyof typeof enDeferred.agentCentre.overview, 'count'> & keyof TeamOverview;
  money?: boolean;
  signed?: boolean;
};
const figures: Figure[] = [
  { key: 'teamSize' },
  { key: 'directSize' },
  { key: 'newMembers' },
  { key: 'firstDeposits' },
  { key: 'activeMembers' },
  { key: 'deposits', money: true },
  { key: 'withdrawals', money: true },
  { key: 'validBet', money: true },
  { key: 'payout', money: true },
  { key: 'profitLoss', money: true, signed: true },
];

/** agentTeamOverview: the team's figures over a range (team size is now; the rest is what happened in it). */
export function TeamOverviewPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const [range, setRange] = useState<Range>({ range: 'today' });
  const overview = useQuery(overviewQuery(range));
  return (
    <div className="report">
      <div className="report__filters">
        <RangePicker value={range} onChange={setRange} />
      </div>
      <ReportState query={overview}>
        {(data) => (
          <>
            <RangeCaption from={data.from} to={data.to} />
            <dl className="report__totals agent-overview" aria-label={t('agentCentre.pages.overview')}>
              {figures.map((figure) => {
                const value = data[figure.key] as number;
                return (
                  <div key={figure.key}>
                    <dt>{t(`agentCentre.overview.${figure.key}`)}</dt>
                    <dd
                      data-testid={`overview-${figure.key}`}
                      className={figure.signed ? (value < 0 ? 'report__loss' : 'report__gain') : undefined}
                    >
                      {figure.money ? money(value) : value.toLocaleString()}
                    </dd>
                    {figure.key === 'deposits' || figure.key === 'withdrawals' ? (
                      <dd className="report__sub">
                        {t('agentCentre.overview.count', {
                          count: data[figure.key === 'deposits' ? 'depositCount' : 'withdrawalCount'],
                        })}
                      </dd>
                    ) : null}
                  </div>
                );
              })}
            </dl>
          </>
        )}
      </ReportState>
    </div>
  );
}
