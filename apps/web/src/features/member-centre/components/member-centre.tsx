import '../../../components/centre.css';
import type { MemberInfo } from '@tala/contracts/members';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons.tsx';
import { ModalWrapper } from '../../../components/modal-wrapper.tsx';
import { loadDeferredTexts } from '../../../lib/i18n.ts';
import { useSessionToken } from '../../../lib/session.ts';
import { isPaymentCentrePage } from '../../payments/lib/centre-pages.ts';
import { type BadgeKind, type MemberCentrePage, memberCentrePages } from '../lib/pages.ts';
import { SecurityCenter } from './security-center.tsx';

// Deposit, withdrawal, transfers, account record and wallet pages: their own chunk, loaded when opened.
const PaymentsCentrePage = lazy(() =>
  import('../../payments/components/payments-centre-page.tsx').then((m) => ({
    default: m.PaymentsCentrePage,
  })),
);

// Betting record and personal profit and loss: the records feature's chunk, loaded when opened.
const RecordsCentrePage = lazy(() =>
  import('../../records/components/records-centre-page.tsx').then((m) => ({
    default: m.RecordsCentrePage,
  })),
);

// Bonus details and the reward centre: the promotions feature's chunk.
const PromotionsCentrePage = lazy(() =>
  import('../../promotions/components/promotions-centre-page.tsx').then((m) => ({
    default: m.PromotionsCentrePage,
  })),
);

// Missions and the mission leaderboard (missionLeaderboard): the missions feature's chunk.
const MissionsPage = lazy(() =>
  import('../../missions/components/missions-page.tsx').then((m) => ({ default: m.MissionsPage })),
);

// Invite friends (referral): the member's link, QR code and friends, in their own chunk.
const ReferralPage = lazy(() =>
  import('../../referral/components/referral-page.tsx').then((m) => ({ default: m.ReferralPage })),
);

// Platform messages (messageV2): the answers to the member's feedback, in their own chunk.
const PlatformMessages = lazy(() =>
  import('../../messages/components/platform-messages.tsx').then((m) => ({ default: m.PlatformMessages })),
);

// Safer gambling (limits, reality checks, breaks, verification): its own chunk.
const SaferGamblingPage = lazy(() =>
  Promise.all([import('../../safer-gambling/components/safer-gambling-page.tsx'), loadDeferredTexts()]).then(
    ([m]) => ({
      default: m.SaferGamblingPage,
    }),
  ),
);

type MemberCentreProps = {
  /** Null until member info is loaded: the panel stays hidden until then (§2). */
  info: MemberInfo | null;
  avatar: string | null;
  counts: Record<BadgeKind, number>;
  page: MemberCentrePage;
  onPage: (page: MemberCentrePage) => void;
  onClose: () => void;
};

/** The personal centre (§2): left menu of the thirteen entries of §2 and safer gambling with highlight and badges, content, close button. */
export function MemberCentre({ info, avatar, counts, page, onPage, onClose }: MemberCentreProps) {
  const { t } = useTranslation();
  const current = memberCentrePages.find((p) => p.id === page) ?? memberCentrePages[0];
  /** The pages of other features, each in its own chunk. */
  const lazyPage = (id: MemberCentrePage) => {
    if (id === 'messageV2') return token ? <PlatformMessages token={token} /> : null;
    if (id === 'personalHistoryCopy' || id === 'personalProfit') return <RecordsCentrePage page={id} />;
    if (isPaymentCentrePage(id)) return <PaymentsCentrePage page={id} memberType={info?.type ?? 0} />;
    if (id === 'bonusDetails' || id === 'rewardCenter') return <PromotionsCentrePage page={id} />;
    if (id === 'missionLeaderboard') return <MissionsPage />;
    if (id === 'referral') return <ReferralPage />;
    if (id === 'saferGambling') return <SaferGamblingPage />;
    return null;
  };
  const token = useSessionToken();
  return (
    <ModalWrapper open onClose={onClose} title={t('account.memberCentre')} size="large">
      {info ? (
        <div className="centre">
          <nav className="centre__menu" aria-label={t('memberCentre.menu')}>
            <ul>
              {memberCentrePages.map((entry) => {
                const badge = 'badge' in entry ? counts[entry.badge] : 0;
                return (
                  <li key={entry.id}>
                    <button
                      type="button"
                      className="centre__entry"
                      aria-current={entry.id === page ? 'page' : undefined}
                      onClick={() => onPage(entry.id)}
                    >
                      <Icon name={entry.icon} size={18} />
                      <span>{t(`memberCentre.pages.${entry.id}`)}</span>
                      {badge > 0 ? (
                        <span className="count-badge count-badge--inline">
                          <span className="visually-hidden">{t('memberCentre.unreadCount')}</span>
                          {badge > 99 ? '99+' : badge}
                        </span>
                      ) : null}
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
          <section className="centre__content" aria-label={t(`memberCentre.pages.${current.id}`)}>
            {current.id === 'securityCenter' ? (
              <SecurityCenter info={info} avatar={avatar} />
            ) : (
              <Suspense
                fallback={
                  <p className="centre__loading" role="status">
                    {t('common.loading')}
                  </p>
                }
              >
                {lazyPage(current.id)}
              </Suspense>
            )}
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
