import './promotions.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { localeOf, useLanguage } from '../../../lib/i18n.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';
import { money } from '../../../lib/money.ts';
import { openOverlay, requireLogin } from '../../../lib/overlays.ts';
import { useSessionToken } from '../../../lib/session.ts';
import { useSystemStatus } from '../../system/api/get-system-status.ts';
import { type Bonus, type Promotion, promotionsApi } from '../api/promotions-api.ts';
import { ApplyForm } from './apply-form.tsx';

/** The merchant's money format, known to guests too (white-label settings). */
export function useMoney() {
  const whitelabel = useSystemStatus().data?.info.whitelabel;
  return (minor: number) => (whitelabel ? money(minor, whitelabel) : String(minor));
}

/** Spec §4's activity status as a coloured label. */
export function StatusBadge({ status }: { status: Promotion['status'] }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'promotions' });
  return <span className={`promo-status promo-status--${status}`}>{t(`status.${status}`)}</span>;
}

/** A rebate's terms: its share of valid bets or net loss, the products with their own rate, cap, minimum, cadence. */
function RebateFacts({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'promotions' });
  const { t: tRoot } = useTranslation();
  const format = useMoney();
  const rebate = promotion.rebate;
  if (!rebate) return null;
  const own = Object.entries(rebate.rates);
  return (
    <dl className="promo-facts">
      <div>
        <dt>{t('rebate.rate')}</dt>
        <dd>{t(`rebate.ofBasis.${rebate.basis}`, { percent: rebate.defaultRate / 100 })}</dd>
      </div>
      {own.length > 0 ? (
        <div>
          <dt>{t('rebate.productRates')}</dt>
          <dd>
            {own
              .map(
                ([product, rate]) =>
                  `${tRoot(`records.products.${product}`, { defaultValue: product })} ${(rate ?? 0) / 100}%`,
              )
              .join(' · ')}
          </dd>
        </div>
      ) : null}
      <div>
        <dt>{t('rebate.maxBonus')}</dt>
        <dd>{format(promotion.maxBonus)}</dd>
      </div>
      {rebate.minPayout > 0 ? (
        <div>
          <dt>{t('rebate.minPayout')}</dt>
          <dd>{format(rebate.minPayout)}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t('facts.turnover')}</dt>
        <dd>{t('facts.noTurnover')}</dd>
      </div>
      <div>
        <dt>{t('rebate.paidPer')}</dt>
        <dd>{t(`rebate.per.${promotion.claimPer === 'week' ? 'week' : 'day'}`)}</dd>
      </div>
    </dl>
  );
}

/** A rank upgrade's ladder (each level's bonus, ticked once claimed) or a raffle's prizes with their chances. */
function LadderFacts({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'promotions' });
  const format = useMoney();
  const turnover =
    promotion.turnoverMultiple === 0
      ? t('facts.noTurnover')
      : t('facts.turnoverOf.bonus', { times: promotion.turnoverMultiple });
  return (
    <div className="promo-ladder">
      <ul className="promo-ladder__list">
        {promotion.levels?.map((l) => (
          <li
            key={l.level}
            className={l.claimed ? 'promo-ladder__item promo-ladder__item--done' : 'promo-ladder__item'}
          >
            <span>{t('rank.level', { level: l.level })}</span>
            <strong>{format(l.amount)}</strong>
            {l.claimed ? <span className="promo-ladder__tick">{t('rank.claimed')}</span> : null}
          </li>
        ))}
        {promotion.prizes?.map((p) => (
          <li key={p.amount} className="promo-ladder__item">
            <strong>{format(p.amount)}</strong>
            <span>{t('raffle.chance', { percent: p.chance / 100 })}</span>
          </li>
        ))}
      </ul>
      <dl className="promo-facts">
        {promotion.kind === 'raffle' ? (
          <>
            <div>
              <dt>{t('raffle.minDeposit')}</dt>
              <dd>{format(promotion.minDeposit)}</dd>
            </div>
            <div>
              <dt>{t('raffle.drawPer')}</dt>
              <dd>{t(`facts.per.${promotion.claimPer}`)}</dd>
            </div>
          </>
        ) : null}
        <div>
          <dt>{t('facts.turnover')}</dt>
          <dd>{turnover}</dd>
        </div>
      </dl>
    </div>
  );
}

/** A birthday bonus: the bonus (and a higher one per VIP level), the days it can be claimed in, the turnover. */
function BirthdayFacts({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'promotions' });
  const format = useMoney();
  return (
    <div className="promo-ladder">
      {promotion.levels?.length ? (
        <ul className="promo-ladder__list">
          {promotion.levels.map((l) => (
            <li key={l.level} className="promo-ladder__item">
              <span>{t('rank.level', { level: l.level })}</span>
              <strong>{format(l.amount)}</strong>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="promo-facts">
        <div>
          <dt>{t('facts.bonus')}</dt>
          <dd>{format(promotion.maxBonus)}</dd>
        </div>
        <div>
          <dt>{t('birthday.window')}</dt>
          <dd>{t('birthday.days', { count: promotion.birthday?.days ?? 1 })}</dd>
        </div>
        <div>
          <dt>{t('facts.turnover')}</dt>
          <dd>
            {promotion.turnoverMultiple === 0
              ? t('facts.noTurnover')
              : t('facts.turnoverOf.bonus', { times: promotion.turnoverMultiple })}
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** A birthday bonus not claimable now: add the birthday (it must be on file first), or wait for the window. */
function BirthdayWait({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'promotions' });
  const { t: tRoot } = useTranslation();
  const token = useSessionToken();
  const locale = localeOf(useLanguage());
  const opensAt = promotion.birthday?.opensAt;
  if (token && promotion.reason === 'promotion_not_birthday' && opensAt)
    return (
      <p className="promo-action__hint" role="status">
        {t('birthday.opens', {
          date: new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(opensAt)),
        })}
      </p>
    );
  return (
    <div className="promo-action">
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => {
          if (requireLogin()) openOverlay({ kind: 'memberCentre', page: 'securityCenter' });
        }}
      >
        {token ? t('birthday.add') : tRoot('common.login')}
      </button>
      {token ? <p className="promo-action__hint">{t('reason.promotion_birthday_missing')}</p> : null}
    </div>
  );
}

/** A referral's terms: what the member and the friend get, when a friend qualifies, the turnover, the limit. */
function ReferralFacts({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'promotions' });
  const format = useMoney();
  const rules = promotion.referral;
  if (!rules) return null;
  return (
    <dl className="promo-facts">
      <div>
        <dt>{t('referral.reward')}</dt>
        <dd>{format(rules.referrerReward)}</dd>
      </div>
      {rules.friendReward > 0 ? (
        <div>
          <dt>{t('referral.friendReward')}</dt>
          <dd>{format(rules.friendReward)}</dd>
        </div>
      ) : null}
      {rules.minFirstDeposit > 0 ? (
        <div>
          <dt>{t('referral.firstDeposit')}</dt>
          <dd>{format(rules.minFirstDeposit)}</dd>
        </div>
      ) : null}
      {rules.minTurnover > 0 ? (
        <div>
          <dt>{t('referral.validBets')}</dt>
          <dd>{format(rules.minTurnover)}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t('referral.within')}</dt>
        <dd>{t('referral.days', { count: rules.withinDays })}</dd>
      </div>
      <div>
        <dt>{t('facts.turnover')}</dt>
        <dd>
          {promotion.turnoverMultiple === 0
            ? t('facts.noTurnover')
            : t('facts.turnoverOf.bonus', { times: promotion.turnoverMultiple })}
        </dd>
      </div>
      {rules.maxFriends > 0 ? (
        <div>
          <dt>{t('referral.maxFriends')}</dt>
          <dd>{rules.maxFriends}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** What the promotion pays and asks: share, cap, minimum deposit, turnover, how often. */
export function PromotionFacts({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'promotions' });
  const format = useMoney();
  if (promotion.kind === 'rebate') return <RebateFacts promotion={promotion} />;
  if (promotion.kind === 'referral') return <ReferralFacts promotion={promotion} />;
  if (promotion.kind === 'rankUpgrade' || promotion.kind === 'raffle')
    return <LadderFacts promotion={promotion} />;
  if (promotion.kind === 'birthday') return <BirthdayFacts promotion={promotion} />;
  return (
    <dl className="promo-facts">
      {promotion.kind === 'applied' ? null : (
        <div>
          <dt>{t('facts.bonus')}</dt>
          <dd>{t('facts.percent', { percent: promotion.percent / 100 })}</dd>
        </div>
      )}
      <div>
        <dt>{t('facts.maxBonus')}</dt>
        <dd>{format(promotion.maxBonus)}</dd>
      </div>
      {promotion.kind === 'applied' ? null : (
        <div>
          <dt>{t('facts.minDeposit')}</dt>
          <dd>{format(promotion.minDeposit)}</dd>
        </div>
      )}
      <div>
        <dt>{t('facts.turnover')}</dt>
        <dd>
          {promotion.turnoverMultiple === 0
            ? t('facts.noTurnover')
            : t(`facts.turnoverOf.${promotion.turnoverBasis}`, { times: promotion.turnoverMultiple })}
        </dd>
      </div>
      <div>
        <dt>{t('facts.claimPer')}</dt>
        <dd>{t(`facts.per.${promotion.claimPer}`)}</dd>
      </div>
    </dl>
  );
}

/** The turnover met so far, as a bar with its figures. */
export function BonusProgress({ bonus }: { bonus: Bonus }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'promotions' });
  const format = useMoney();
  const share = bonus.turnoverRequired === 0 ? 1 : bonus.turnoverDone / bonus.turnoverRequired;
  const percent = Math.floor(Math.min(1, share) * 100);
  return (
    <div className="promo-progress">
      <div
        className="promo-progress__bar"
        role="progressbar"
        aria-label={t('bonus.turnover')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className="promo-progress__figures">
        {t('bonus.progress', {
          done: format(bonus.turnoverDone),
          required: format(bonus.turnoverRequired),
          percent,
        })}
      </p>
    </div>
  );
}

/**
 * What the visitor can do with a promotion now: claim it, deposit to join, log in, or follow a bonus in progress;
 * otherwise the reason it is closed.
 */
export function PromotionAction({
  promotion,
  onClaimed,
}: {
  promotion: Promotion;
  onClaimed?: (b: Bonus) => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'promotions' });
  const { t: tRoot } = useTranslation();
  const token = useSessionToken();
  const client = useQueryClient();
  const format = useMoney();
  const [applying, setApplying] = useState(false);
  const claim = useMutation({
    mutationFn: () => promotionsApi.claim(promotion.id, promotion.kind === 'raffle'),
    onSuccess: (bonus) => {
      onClaimed?.(bonus);
      return client.invalidateQueries({ queryKey: [memberQueryRoot] });
    },
  });
  if (claim.isSuccess) {
    return (
      <p className="form-message form-message--success" role="status">
        {t(promotion.kind === 'raffle' ? 'raffle.won' : 'claimed', { amount: format(claim.data.amount) })}
      </p>
    );
  }
  const error =
    claim.error instanceof ApiError || claim.error instanceof Error ? (
      <p className="form-message form-message--error" role="alert">
        {claim.error.message}
      </p>
    ) : null;
  if (promotion.kind === 'applied' && (promotion.status === 'join' || promotion.status === 'rejected')) {
    if (applying) return <ApplyForm promotion={promotion} onCancel={() => setApplying(false)} />;
    return (
      <div className="promo-action">
        {promotion.status === 'rejected' ? (
          <p className="promo-action__hint" role="status">
            {t('apply.rejected', { reason: promotion.rejectReason ?? '' })}
          </p>
        ) : null}
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            if (requireLogin()) setApplying(true);
          }}
        >
          {token ? t(promotion.status === 'rejected' ? 'apply.again' : 'apply.open') : tRoot('common.login')}
        </button>
      </div>
    );
  }
  if (promotion.kind === 'rebate' && (promotion.status === 'process' || promotion.status === 'join')) {
    const rebate = promotion.rebate;
    return (
      <div className="promo-action" role="status">
        {rebate?.soFar != null ? (
          <p className="promo-action__figure">{t('rebate.soFar', { amount: format(rebate.soFar) })}</p>
        ) : null}
        {rebate?.lastPaid ? (
          <p className="promo-action__hint">
            {t('rebate.lastPaid', { amount: format(rebate.lastPaid.amount), period: rebate.lastPaid.period })}
          </p>
        ) : null}
        <p className="promo-action__hint">{t('rebate.none')}</p>
        {token ? null : (
          <button type="button" className="btn btn-primary" onClick={() => requireLogin()}>
            {tRoot('common.login')}
          </button>
        )}
      </div>
    );
  }
  if (promotion.kind === 'birthday' && promotion.status === 'join')
    return <BirthdayWait promotion={promotion} />;
  if (promotion.kind === 'referral' && promotion.status === 'join') {
    return (
      <div className="promo-action">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            if (requireLogin()) openOverlay({ kind: 'memberCentre', page: 'referral' });
          }}
        >
          {token ? t('referral.invite') : tRoot('common.login')}
        </button>
        {token ? <p className="promo-action__hint">{t('referral.hint')}</p> : null}
      </div>
    );
  }
  switch (promotion.status) {
    case 'claim':
      return (
        <div className="promo-action">
          <button
            type="button"
            className="btn btn-primary"
            disabled={claim.isPending}
            onClick={() => claim.mutate()}
          >
            {claim.isPending
              ? t(promotion.kind === 'raffle' ? 'raffle.drawing' : 'claiming')
              : promotion.kind === 'raffle'
                ? t('raffle.draw')
                : t('claim', { amount: format(promotion.claimable ?? 0) })}
          </button>
          {error}
        </div>
      );
    case 'join':
      return (
        <div className="promo-action">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              if (!token) {
                requireLogin();
                return;
              }
              openOverlay({ kind: 'memberCentre', page: 'depositv2' });
            }}
          >
            {token ? t('depositToJoin') : tRoot('common.login')}
          </button>
          {token ? (
            <p className="promo-action__hint">{t('joinHint', { amount: format(promotion.minDeposit) })}</p>
          ) : null}
        </div>
      );
    case 'process':
      return (
        <div className="promo-action">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => openOverlay({ kind: 'memberCentre', page: 'bonusDetails' })}
          >
            {t('seeProgress')}
          </button>
        </div>
      );
    default:
      return (
        <p className="promo-action__hint">
          {promotion.reason
            ? t(`reason.${promotion.reason}`, { defaultValue: t(`state.${promotion.status}`) })
            : t(`state.${promotion.status}`)}
        </p>
      );
  }
}
