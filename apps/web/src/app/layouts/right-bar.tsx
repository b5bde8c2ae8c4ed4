import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons.tsx';
import { AppQrRail } from '../../features/download/components/app-qr-rail.tsx';
import { SupportRail } from '../../features/support/components/support-rail.tsx';
import { useSiteStatus } from '../use-site-status.ts';

/** The right bar (§2): customer service (live chat and Telegram), Telegram, Facebook, the QR codes, back to top. */
export function RightBar() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  return (
    <aside className="right-bar" aria-label={t('common.customerService')}>
      <div className="rail">
        <SupportRail items={status.customerService} resources={status.resources} />
        <AppQrRail />
        <button
          type="button"
          className="rail__link rail__top"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          <Icon name="arrowUp" size={22} />
          <span className="rail__label">{t('common.backToTop')}</span>
        </button>
      </div>
    </aside>
  );
}
