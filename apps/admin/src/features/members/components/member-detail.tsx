import type { MemberDetail } from '@tala/contracts/members';
import { type RuleField, ruleFields } from '@tala/contracts/rule-check';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useForcePasswordReset, useMember, useSetLocked } from '../api/members.ts';
import { DownlineSection } from './downline-section.tsx';
import { ExclusionsSection } from './exclusions-section.tsx';
import { LimitsSection } from './limits-section.tsx';
import { memberTypeLabel } from './member-labels.ts';
import { MoveMemberForm } from './move-member-form.tsx';
import { ReferralSection } from './referral-section.tsx';

/** Registration fields whose names the page can put in words. */
const fieldLabels: readonly string[] = ruleFields;

/** One member: profile, status with lock and unlock, password reset, known addresses and login history. */
export function MemberDetailView({
  id,
  canManage,
  canMove,
}: {
  id: number;
  canManage: boolean;
  /** Owners move members between agents. */
  canMove: boolean;
}) {
  const { t } = useTranslation();
  const query = useMember(id);
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const member = query.data;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, currentLocale()) : '—');
  const facts: [string, ReactNode][] = [
    [t('common.merchant'), member.merchantCode],
    [t('members.type'), memberTypeLabel(t, member.type)],
    [t('members.nickname'), member.nickname ?? '—'],
    [t('members.mobile'), member.mobile ?? '—'],
    [t('members.email'), member.email ?? '—'],
    [t('members.payeeName'), member.payeeName ?? '—'],
    [t('members.vipLevel'), String(member.vipLevel)],
    [
      t('members.upline'),
      member.uplineId !== null && member.uplineAccount ? (
        <Link key="upline" to={paths.member.href(member.uplineId)}>
          {member.uplineAccount}
        </Link>
      ) : (
        (member.uplineAccount ?? '—')
      ),
    ],
    [t('members.registered'), when(member.createdAt)],
    [t('members.registerMethod'), member.registerMethod],
    [t('members.registerIp'), member.registerIp ?? '—'],
    [t('members.registerDomain'), member.registerDomain ?? '—'],
    [t('members.affiliateCode'), member.affiliateCode ?? '—'],
    [t('members.referralCode'), member.referralCode ?? '—'],
    [t('members.passwordChanged'), when(member.passwordChangedAt)],
    [t('members.activeSessions'), String(member.activeSessions)],
  ];
  const profile = Object.entries(member.profile).filter(([, value]) => value);

  return (
    <div className="stack">
      <div className="title-row">
        <h1>{member.account}</h1>
        <span className={`badge ${member.status === 'locked' ? 'badge-off' : 'badge-on'}`}>
          {t(`members.statuses.${member.status}`)}
        </span>
        {member.mustChangePassword ? <span className="badge">{t('members.mustChangePassword')}</span> : null}
      </div>
      {member.status === 'locked' && member.lockedReason ? (
        <Notice tone="warning">{t('members.lockedBecause', { reason: member.lockedReason })}</Notice>
      ) : null}

      <section className="card section" aria-labelledby="member-profile">
        <header className="section-header">
          <h2 id="member-profile">{t('members.profile')}</h2>
        </header>
        <dl className="facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          {profile.map(([key, value]) => (
            <div key={key}>
              <dt>{fieldLabels.includes(key) ? t(`rules.fields.${key as RuleField}`) : key}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      {canManage ? <MemberActions member={member} /> : null}
      <ExclusionsSection id={member.id} account={member.account} canManage={canManage} />
      <LimitsSection id={member.id} merchantCode={member.merchantCode} />
      {canMove ? <MoveMemberForm member={member} /> : null}
      <DownlineSection id={member.id} />
      <ReferralSection id={member.id} />

      <section className="card section" aria-labelledby="member-logins">
        <header className="section-header">
          <h2 id="member-logins">{t('members.loginHistory')}</h2>
          <p className="muted">{t('members.loginHistoryHelp')}</p>
        </header>
        <DataTable
          caption={t('members.loginHistory')}
          columns={[t('members.when'), t('members.ip'), t('members.method'), t('members.outcome')]}
          rows={member.loginHistory}
          empty={t('members.noLogins')}
          row={(entry) => (
            <tr key={`${entry.at}-${entry.ip}-${entry.method}-${entry.outcome}`}>
              <td data-label={t('members.when')}>{when(entry.at)}</td>
              <td data-label={t('members.ip')}>
                <code>{entry.ip}</code>
              </td>
              <td data-label={t('members.method')}>{entry.method}</td>
              <td data-label={t('members.outcome')}>{entry.outcome}</td>
            </tr>
          )}
        />
        <h3>{t('members.knownIps')}</h3>
        <DataTable
          caption={t('members.knownIps')}
          columns={[t('members.ip'), t('members.firstSeen'), t('members.lastSeen')]}
          rows={member.knownIps}
          empty={t('members.noLogins')}
          row={(entry) => (
            <tr key={entry.ip}>
              <td data-label={t('members.ip')}>
                <code>{entry.ip}</code>
              </td>
              <td data-label={t('members.firstSeen')}>{when(entry.firstSeenAt)}</td>
              <td data-label={t('members.lastSeen')}>{when(entry.lastSeenAt)}</td>
            </tr>
          )}
        />
      </section>
    </div>
  );
}

function MemberActions({ member }: { member: MemberDetail }) {
  const { t } = useTranslation();
  const setLocked = useSetLocked(member.id);
  const reset = useForcePasswordReset(member.id);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  function lock(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') {
      setReasonError(t('members.reasonRequired'));
      return;
    }
    setReasonError(undefined);
    setLocked.mutate({ locked: true, reason: reason.trim() }, { onSuccess: () => setReason('') });
  }

  return (
    <section className="card section" aria-labelledby="member-actions">
      <header className="section-header">
        <h2 id="member-actions">{t('members.actions')}</h2>
      </header>
      {setLocked.isError ? <Notice tone="error">{setLocked.error.message}</Notice> : null}
      {setLocked.isSuccess ? (
        <Notice tone="success">
          {setLocked.data.status === 'locked' ? t('members.lockedDone') : t('members.unlockedDone')}
        </Notice>
      ) : null}
      {member.status === 'active' ? (
        <form className="stack" onSubmit={lock} noValidate>
          <Field
            label={t('members.lockReason')}
            help={t('members.lockReasonHelp')}
            error={
              reasonError ??
              (setLocked.error instanceof ApiError && setLocked.error.field === 'reason'
                ? setLocked.error.message
                : undefined)
            }
          >
            <textarea
              className="input"
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </Field>
          <div>
            <button type="submit" className="button button-danger" disabled={setLocked.isPending}>
              {t('members.lock')}
            </button>
          </div>
        </form>
      ) : (
        <div>
          <button
            type="button"
            className="button button-primary"
            disabled={setLocked.isPending}
            onClick={() => setLocked.mutate({ locked: false })}
          >
            {t('members.unlock')}
          </button>
        </div>
      )}
      <hr className="rule" />
      <div className="stack">
        <p className="muted">{t('members.resetHelp')}</p>
        <div>
          <button
            type="button"
            className="button"
            disabled={reset.isPending}
            onClick={() => {
              if (window.confirm(t('members.resetConfirm', { account: member.account }))) reset.mutate();
            }}
          >
            {t('members.resetPassword')}
          </button>
        </div>
        {reset.isError ? <Notice tone="error">{reset.error.message}</Notice> : null}
        {reset.isSuccess ? (
          <Notice tone="success">
            {t('members.resetDone')} <code className="secret">{reset.data.temporaryPassword}</code>
          </Notice>
        ) : null}
      </div>
    </section>
  );
}
