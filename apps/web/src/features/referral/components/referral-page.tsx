import '../../../components/report.css';
import './referral.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ReportPager } from '../../../components/report-pager.tsx';
import { money } from '../../../lib/money.ts';
import { useSystemStatus } from '../../system/api/get-system-status.ts';
import {
  friendsQuery,
  type ReferralFriend,
  type ReferralSummary,
  referralQuery,
} from '../api/referral-api.ts';

/** The merchant's money format (white-label settings). */
function useMoney() {
  const whitelabel = useSystemStatus().data?.info.whitelabel;
  return (minor: number) => (whitelabel ? money(minor, whitelabel) : String(minor));
}

/** The link to share, its copy button and its QR code (drawn by our own server, like the agent's link). */
function InviteCard({ summary }: { summary: ReferralSummary }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'referral' });
  const format = useMoney();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(summary.link);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  const rules = summary.promotion?.rules;
  const conditions = rules
    ? [
        rules.minFirstDeposit > 0 ? t('terms.deposit', { amount: format(rules.minFirstDeposit) }) : null,
        rules.minTurnover > 0 ? t('terms.turnover', { amount: format(rules.minTurnover) }) : null,
      ].filter((c): c is string => c !== null)
    : [];
  return (
    <section className="referral__card" aria-labelledby="referral-title">
      <div className="referral__invite">
        <div className="referral__text">
          <h2 id="referral-title">{t('title')}</h2>
          {rules ? (
            <>
              <p className="referral__offer">
                {t('offer', { reward: format(rules.referrerReward) })}
                {rules.friendReward > 0 ? ` ${t('offerFriend', { reward: format(rules.friendReward) })}` : ''}
              </p>
              <ul className="referral__terms">
                <li>
                  {t('terms.when', { conditions: conditions.join(t('terms.and')), days: rules.withinDays })}
                </li>
                {rules.turnoverMultiple > 0 ? (
                  <li>{t('terms.wager', { times: rules.turnoverMultiple })}</li>
                ) : null}
                {rules.maxFriends > 0 ? <li>{t('terms.limit', { count: rules.maxFriends })}</li> : null}
                <li>{t('terms.linked')}</li>
              </ul>
            </>
          ) : (
            <p>{t('noPromotion')}</p>
          )}
          <p className="referral__code">
            {t('code')} <strong data-testid="referral-code">{summary.code}</strong>
          </p>
          <div className="referral__link">
            <input
              className="form-field__input"
              readOnly
              value={summary.link}
              aria-label={t('link')}
              onFocus={(event) => event.target.select()}
            />
            <button type="button" className="btn btn-primary" onClick={copy}>
              {copied === 'yes' ? t('copied') : t('copy')}
            </button>
          </div>
          {copied === 'failed' ? (
            <p className="form-message form-message--error" role="alert">
              {t('copyFailed')}
            </p>
          ) : copied === 'yes' ? (
            <p className="visually-hidden" role="status">
              {t('copied')}
            </p>
          ) : null}
        </div>
        <img
          className="referral__qr"
          src={`/wps/system/qrcode?text=${encodeURIComponent(summary.link)}&size=168&margin=8`}
          width={168}
          height={168}
          alt={t('qr')}
        />
      </div>
      <dl className="report__totals referral__totals">
        <div>
          <dt>{t('totals.friends')}</dt>
          <dd>{summary.totals.friends}</dd>
        </div>
        <div>
          <dt>{t('totals.qualified')}</dt>
          <dd>{summary.totals.qualified}</dd>
        </div>
        <div>
          <dt>{t('totals.rewards')}</dt>
          <dd>{format(summary.totals.rewards)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** One friend: name (masked), joined, where they stand and why, and the reward earned for them. */
function FriendRow({ friend }: { friend: ReferralFriend }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'referral' });
  const format = useMoney();
  const progress = friend.progress;
  return (
    <article className="referral-friend" aria-label={friend.username}>
      <div className="referral-friend__head">
        <strong>{friend.username}</strong>
        <span className={`referral-status referral-status--${friend.status}`}>
          {t(`status.${friend.status}`)}
        </span>
      </div>
      <p className="referral-friend__joined">
        {t('joined', { date: new Date(friend.joinedAt).toLocaleDateString() })}
      </p>
      {friend.reason ? <p className="referral-friend__why">{t(`reason.${friend.reason}`)}</p> : null}
      {progress ? (
        <ul className="referral-friend__progress">
          {progress.minFirstDeposit > 0 ? (
            <li>
              {t('progress.deposit', {
                done: format(progress.deposit),
                needed: format(progress.minFirstDeposit),
              })}
            </li>
          ) : null}
          {progress.minTurnover > 0 ? (
            <li>
              {t('progress.turnover', {
                done: format(progress.turnover),
                needed: format(progress.minTurnover),
              })}
            </li>
          ) : null}
          <li>{t('progress.until', { date: new Date(progress.deadline).toLocaleDateString() })}</li>
        </ul>
      ) : null}
      {friend.rewardStatus !== 'none' ? (
        <p className="referral-friend__reward">
          {t(`reward.${friend.rewardStatus}`, { amount: format(friend.reward) })}
        </p>
      ) : null}
    </article>
  );
}

/** referral (§2 "invite friends"): the member's link, QR and totals, and the friends who joined through it. */
export function ReferralPage() {
  const { t } = useTranslation();
  const summary = useQuery(referralQuery());
  const [pageNo, setPageNo] = useState(1);
  const friends = useQuery(friendsQuery(pageNo));
  if (summary.isError)
    return (
      <p className="form-message form-message--error" role="alert">
        {summary.error.message}
      </p>
    );
  if (!summary.data)
    return (
      <p className="centre__loading" role="status">
        {t('common.loading')}
      </p>
    );
  return (
    <div className="referral">
      <InviteCard summary={summary.data} />
      <section className="referral__friends" aria-labelledby="referral-friends-title">
        <h2 id="referral-friends-title">{t('referral.friends')}</h2>
        {friends.isError ? (
          <p className="form-message form-message--error" role="alert">
            {friends.error.message}
          </p>
        ) : !friends.data ? (
          <p className="centre__loading" role="status">
            {t('common.loading')}
          </p>
        ) : friends.data.list.length === 0 ? (
          <EmptyState
            icon="people"
            headingLevel={2}
            title={t('referral.emptyTitle')}
            line={t('referral.emptyLine')}
          />
        ) : (
          <>
            <ul className="referral__list">
              {friends.data.list.map((f) => (
                <li key={`${f.username}-${f.joinedAt}`}>
                  <FriendRow friend={f} />
                </li>
              ))}
            </ul>
            <ReportPager pageNo={pageNo} totalPages={friends.data.totalPages} onPage={setPageNo} />
          </>
        )}
      </section>
    </div>
  );
}
