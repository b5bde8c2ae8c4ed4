import './support-rail.css';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons.tsx';
import { openChat, setServiceOpen } from '../lib/chat-store.ts';
import type { CustomerServiceItem, ResourceItem } from '../utils/customer-service.ts';

/**
 * The right bar's support entries (§2): customer service (the getService popup) with its live chat and Telegram
 * sub-entries, then Telegram and Facebook when the merchant configured them.
 */
export function SupportRail({
  items,
  resources,
}: {
  items: readonly CustomerServiceItem[];
  resources: readonly ResourceItem[];
}) {
  const { t } = useTranslation();
  const telegram =
    items.find((i) => i.csType === 'TELEGRAM')?.path ??
    resources.find((r) => r.resourceType === 'TELEGRAM')?.url;
  const facebook =
    items.find((i) => i.csType === 'FACEBOOK')?.path ??
    resources.find((r) => r.resourceType === 'FACEBOOK')?.url;
  const liveChat = items.some((i) => i.csType === 'LIVECHAT' || i.csType === 'VIP');
  return (
    <>
      <div className="rail-entry">
        <button
          type="button"
          className="rail__link"
          aria-haspopup="dialog"
          onClick={() => setServiceOpen(true)}
        >
          <Icon name="headset" size={22} />
          <span className="rail__label">{t('common.customerService')}</span>
        </button>
        {liveChat || telegram ? (
          <ul className="rail-flyout rail-flyout--menu" aria-label={t('common.customerService')}>
            {liveChat ? (
              <li>
                <button type="button" className="rail-flyout__item" onClick={() => openChat('live')}>
                  <Icon name="chat" size={18} />
                  {t('chat.liveChat')}
                </button>
              </li>
            ) : null}
            {telegram ? (
              <li>
                <a className="rail-flyout__item" href={telegram} target="_blank" rel="noopener noreferrer">
                  <Icon name="telegram" size={18} />
                  {t('support.telegram')}
                </a>
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
      {telegram ? (
        <a
          className="rail__link"
          href={telegram}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${t('support.telegram')} (${t('common.opensNewWindow')})`}
        >
          <Icon name="telegram" size={22} />
          <span className="rail__label">{t('support.telegram')}</span>
        </a>
      ) : null}
      {facebook ? (
        <a
          className="rail__link"
          href={facebook}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${t('support.facebook')} (${t('common.opensNewWindow')})`}
        >
          <Icon name="facebook" size={22} />
          <span className="rail__label">{t('support.facebook')}</span>
        </a>
      ) : null}
    </>
  );
}
