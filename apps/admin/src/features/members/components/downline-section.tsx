import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { paths } from '../../../config/paths.ts';
import { useDownline } from '../api/members.ts';
import { memberTypeLabel } from './member-labels.ts';

/** The tree a level at a time: the member's direct downline, each linking to its own page and downline. */
export function DownlineSection({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useDownline(id);
  return (
    <section className="card section" aria-labelledby="member-downline">
      <header className="section-header">
        <h2 id="member-downline">{t('members.downlineTitle')}</h2>
        {query.data ? (
          <p className="muted">{t('members.downlineTotal', { count: query.data.total })}</p>
        ) : null}
      </header>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <DataTable
          caption={t('members.downlineTitle')}
          columns={[t('members.account'), t('members.type'), t('members.status'), t('members.downlineSize')]}
          rows={query.data.direct}
          empty={t('members.noDownline')}
          row={(m) => (
            <tr key={m.id}>
              <td data-label={t('members.account')}>
                <Link to={paths.member.href(m.id)}>{m.username}</Link>
              </td>
              <td data-label={t('members.type')}>{memberTypeLabel(t, m.type)}</td>
              <td data-label={t('members.status')}>
                <span className={`badge ${m.status === 'locked' ? 'badge-off' : 'badge-on'}`}>
                  {t(`members.statuses.${m.status}`)}
                </span>
              </td>
              <td data-label={t('members.downlineSize')}>{m.downline}</td>
            </tr>
          )}
        />
      ) : null}
    </section>
  );
}
