import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportPager } from '../../../components/report-pager.tsx';
import { openOverlay } from '../../../lib/overlays.ts';
import { teamQuery } from '../api/agent-api.ts';
import { percent } from './contract-pages.tsx';
import { ReportState, useMoney } from './report-parts.tsx';

/**
 * downlineManagmentView: the team now, direct members or every level, searchable by account, each with its type,
 * balance, last login and status; a transfer to one opens the wallet's transfer page with the account filled in.
 */
export function TeamManagementPage() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const [draft, setDraft] = useState('');
  const [filters, setFilters] = useState({ scope: 'direct' as 'direct' | 'all', q: '', pageNo: 1 });
  const team = useQuery(teamQuery(filters));
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...filters, q: draft.trim(), pageNo: 1 });
  };
  return (
    <div className="report">
      <form className="report__filters" onSubmit={search} aria-label={t('records.filters')}>
        <fieldset className="segmented">
          <legend className="visually-hidden">{t('agentCentre.team.scope')}</legend>
          {(['direct', 'all'] as const).map((scope) => (
            <button
              key={scope}
              type="button"
              aria-pressed={filters.scope === scope}
              className={filters.scope === scope ? 'report__period--on' : undefined}
              onClick={() => setFilters({ ...filters, scope, pageNo: 1 })}
            >
              {t(`agentCentre.team.scopes.${scope}`)}
            </button>
          ))}
        </fieldset>
        <label className="report__field">
          <span>{t('agentCentre.account')}</span>
          <input
            className="form-field__input"
            type="search"
            value={draft}
            maxLength={64}
            onChange={(event) => setDraft(event.target.value)}
          />
        </label>
        <button type="submit" className="btn btn-primary">
          {t('records.search')}
        </button>
      </form>
      <ReportState query={team}>
        {(data) =>
          data.list.length === 0 ? (
            <p role="status" className="report__empty">
              {filters.q ? t('agentCentre.team.noMatch') : t('agentCentre.team.empty')}
            </p>
          ) : (
            <>
              <p className="report__caption">{t('agentCentre.team.total', { count: data.total })}</p>
              <div className="report__scroll">
                <table className="report__table report__table--cards" data-testid="team-list">
                  <thead>
                    <tr>
                      <th scope="col">{t('agentCentre.account')}</th>
                      <th scope="col">{t('agentCentre.team.type')}</th>
                      <th scope="col">{t('agentCentre.team.level')}</th>
                      <th scope="col">{t('agentCentre.team.balance')}</th>
                      <th scope="col">{t('agentCentre.team.rates')}</th>
                      <th scope="col">{t('agentCentre.team.lastLogin')}</th>
                      <th scope="col">{t('records.status')}</th>
                      <th scope="col">
                        <span className="visually-hidden">{t('agentCentre.team.actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.list.map((m) => (
                      <tr key={m.username}>
                        <td data-label={t('agentCentre.account')}>
                          {m.username}
                          {m.nickname ? <span className="report__sub">{m.nickname}</span> : null}
                        </td>
                        <td data-label={t('agentCentre.team.type')}>
                          {t(m.type === 0 ? 'agentCentre.team.types.member' : 'agentCentre.team.types.agent')}
                          {m.downlineSize > 0 ? (
                            <span className="report__sub">
                              {t('agentCentre.team.below', { count: m.downlineSize })}
                            </span>
                          ) : null}
                        </td>
                        <td data-label={t('agentCentre.team.level')}>{m.level}</td>
                        <td data-label={t('agentCentre.team.balance')}>{money(m.balance)}</td>
                        <td data-label={t('agentCentre.team.rates')}>
                          {m.contracts.length === 0
                            ? '—'
                            : m.contracts
                                .map(
                                  (c) =>
                                    `${t(`agentCentre.income.kinds.${c.kind}`)} ${
                                      c.kind === 'realtimeSalary'
                                        ? `${percent(c.rate)}/${percent(c.lossRate)}`
                                        : percent(c.rate)
                                    }`,
                                )
                                .join(', ')}
                        </td>
                        <td>
                          {m.lastLoginAt ? time.format(new Date(m.lastLoginAt)) : t('agentCentre.team.never')}
                        </td>
                        <td data-label={t('records.status')}>{t(`agentCentre.team.statuses.${m.status}`)}</td>
                        <td>
                          <button
                            type="button"
                            className="btn btn-ghost agent-action"
                            aria-label={t('agentCentre.team.transferTo', { name: m.username })}
                            onClick={() =>
                              openOverlay({
                                kind: 'memberCentre',
                                page: 'transferUpline',
                                transferTo: m.username,
                              })
                            }
                          >
                            {t('agentCentre.team.transfer')}
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <ReportPager
                pageNo={filters.pageNo}
                totalPages={data.totalPages}
                onPage={(pageNo) => setFilters({ ...filters, pageNo })}
              />
            </>
          )
        }
      </ReportState>
    </div>
  );
}
