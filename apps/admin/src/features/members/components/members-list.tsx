import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { MerchantFilter } from '../../../components/merchant-scope.tsx';
import { Pager } from '../../../components/pager.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { dayStartIso } from '../../../lib/page.ts';
import { type MemberFilter, useMembers } from '../api/members.ts';
import { memberTypeLabel, memberTypeOptions } from './member-labels.ts';

const empty: MemberFilter = {
  pageNo: 1,
  q: '',
  merchantCode: '',
  status: '',
  type: '',
  registeredFrom: undefined,
  registeredTo: undefined,
};

/** Members of every merchant: search by account, name or contact; filter by merchant, status, type and date. */
export function MembersList() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState(empty);
  const [q, setQ] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const query = useMembers(filter);
  const set = (change: Partial<MemberFilter>) => setFilter((f) => ({ ...f, ...change, pageNo: 1 }));

  function search(event: FormEvent) {
    event.preventDefault();
    set({ q, registeredFrom: dayStartIso(from), registeredTo: dayStartIso(to, true) });
  }

  return (
    <div className="stack">
      <search className="card" aria-label={t('members.search')}>
        <form className="filters" onSubmit={search}>
          <Field className="filters-wide" label={t('members.query')} help={t('members.queryHelp')}>
            <input className="input" type="search" value={q} onChange={(event) => setQ(event.target.value)} />
          </Field>
          <Field label={t('common.merchant')}>
            <MerchantFilter value={filter.merchantCode} onChange={(merchantCode) => set({ merchantCode })} />
          </Field>
          <Field label={t('members.status')}>
            <select
              className="input"
              value={filter.status}
              onChange={(event) => set({ status: event.target.value as MemberFilter['status'] })}
            >
              <option value="">{t('common.any')}</option>
              <option value="active">{t('members.statuses.active')}</option>
              <option value="locked">{t('members.statuses.locked')}</option>
            </select>
          </Field>
          <Field label={t('members.type')}>
            <select
              className="input"
              value={filter.type}
              onChange={(event) => set({ type: event.target.value })}
            >
              <option value="">{t('common.any')}</option>
              {memberTypeOptions.map((type) => (
                <option key={type} value={type}>
                  {memberTypeLabel(t, type)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('members.registeredFrom')}>
            <input
              className="input"
              type="date"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
            />
          </Field>
          <Field label={t('members.registeredTo')}>
            <input className="input" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
          </Field>
          <div className="filters-actions">
            <button type="submit" className="button button-primary">
              {t('members.searchButton')}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setQ('');
                setFrom('');
                setTo('');
                setFilter(empty);
              }}
            >
              {t('common.clearFilters')}
            </button>
          </div>
        </form>
      </search>

      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <>
          <DataTable
            caption={t('members.title')}
            busy={query.isFetching}
            columns={[
              t('members.account'),
              t('common.merchant'),
              t('members.type'),
              t('members.status'),
              t('members.contact'),
              t('members.registered'),
              t('members.lastLogin'),
            ]}
            rows={query.data.list}
            empty={t('members.empty')}
            row={(member) => (
              <tr key={member.id}>
                <td data-label={t('members.account')}>
                  <Link to={paths.member.href(member.id)}>
                    <strong>{member.account}</strong>
                  </Link>
                  {member.nickname ? <span className="muted"> · {member.nickname}</span> : null}
                </td>
                <td data-label={t('common.merchant')}>{member.merchantCode}</td>
                <td data-label={t('members.type')}>{memberTypeLabel(t, member.type)}</td>
                <td data-label={t('members.status')}>
                  <span className={`badge ${member.status === 'locked' ? 'badge-off' : 'badge-on'}`}>
                    {t(`members.statuses.${member.status}`)}
                  </span>
                </td>
                <td data-label={t('members.contact')}>
                  {[member.mobile, member.email].filter(Boolean).join(' · ') || '—'}
                </td>
                <td data-label={t('members.registered')}>
                  {formatDateTime(member.createdAt, currentLocale())}
                </td>
                <td data-label={t('members.lastLogin')}>
                  {member.lastLoginAt ? (
                    <>
                      {formatDateTime(member.lastLoginAt, currentLocale())}
                      {member.lastLoginIp ? <code className="block-code">{member.lastLoginIp}</code> : null}
                    </>
                  ) : (
                    t('members.never')
                  )}
                </td>
              </tr>
            )}
          />
          <Pager
            pageNo={query.data.pageNo}
            totalPages={query.data.totalPages}
            total={query.data.total}
            onPage={(pageNo) => setFilter((f) => ({ ...f, pageNo }))}
          />
        </>
      ) : null}
    </div>
  );
}
