import type { AdminReferrals } from '@tala/contracts/referral';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Pager } from '../../../components/pager.tsx';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { money } from '../../../lib/money.ts';

/**
 * Invite friends (docs/decisions/038-referral.md): who referred this member, their own code, and the friends who
 * joined through it with where each stands (the exact refusal, which members are not told).
 */
export function ReferralSection({ id }: { id: number }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery({
    queryKey: ['admin', 'members', 'referrals', id, pageNo],
    queryFn: ({ signal }) =>
      api<AdminReferrals>(`/admin-api/members/${id}/referrals`, { signal, query: { pageNo, pageSize: 10 } }),
  });
  const data = query.data;
  return (
    <section className="card section" aria-labelledby="member-referrals">
      <header className="section-header">
        <h2 id="member-referrals">{t('members.referrals.title')}</h2>
      </header>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {data ? (
        <>
          <dl className="facts">
            <div>
              <dt>{t('members.referrals.referredBy')}</dt>
              <dd>
                {data.referrer ? (
                  <Link to={paths.member.href(data.referrer.memberId)}>
                    {data.referrer.username} ({data.referrer.code})
                  </Link>
                ) : (
                  '—'
                )}
              </dd>
            </div>
            <div>
              <dt>{t('members.referrals.ownCode')}</dt>
              <dd>{data.code ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('members.referrals.friends')}</dt>
              <dd>{data.totals.friends}</dd>
            </div>
            <div>
              <dt>{t('members.referrals.qualified')}</dt>
              <dd>{data.totals.qualified}</dd>
            </div>
            <div>
              <dt>{t('members.referrals.rewards')}</dt>
              <dd>{money(data.totals.rewards)}</dd>
            </div>
          </dl>
          <DataTable
            caption={t('members.referrals.friendsTitle')}
            columns={[
              t('members.account'),
              t('members.registered'),
              t('members.referrals.standing'),
              t('members.referrals.reward'),
            ]}
            rows={data.friends.list}
            empty={t('members.referrals.none')}
            row={(f) => (
              <tr key={f.memberId}>
                <td data-label={t('members.account')}>
                  <Link to={paths.member.href(f.memberId)}>{f.username}</Link>
                </td>
                <td data-label={t('members.registered')}>{formatDateTime(f.joinedAt, currentLocale())}</td>
                <td data-label={t('members.referrals.standing')}>
                  <span className={`badge ${f.status === 'qualified' ? 'badge-on' : 'badge-off'}`}>
                    {t(`members.referrals.status.${f.status}`)}
                  </span>{' '}
                  {f.refusal
                    ? t(`members.referrals.refusal.${f.refusal}`)
                    : f.reason
                      ? t(`members.referrals.reason.${f.reason}`)
                      : ''}
                </td>
                <td data-label={t('members.referrals.reward')}>
                  {f.rewardStatus === 'none'
                    ? '—'
                    : t(`members.referrals.rewardStatus.${f.rewardStatus}`, { amount: money(f.reward) })}
                  {f.friendRewardStatus === 'none' ? null : (
                    <>
                      <br />
                      {t('members.referrals.friendPart', {
                        reward: t(`members.referrals.rewardStatus.${f.friendRewardStatus}`, {
                          amount: money(f.friendReward),
                        }),
                      })}
                    </>
                  )}
                </td>
              </tr>
            )}
          />
          {data.friends.totalPages > 1 ? (
            <Pager
              pageNo={pageNo}
              totalPages={data.friends.totalPages}
              total={data.friends.total}
              onPage={setPageNo}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
