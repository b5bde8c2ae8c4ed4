import type { IconName } from '../../../components/icons.tsx';
import { Icon } from '../../../components/icons.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import {
  type CustomerServiceItem,
  everyonesChannels,
  isExternal,
  serviceTitle,
} from '../utils/customer-service.ts';

const icons: Record<CustomerServiceItem['csType'], IconName> = {
  LIVECHAT: 'headset',
  TELEGRAM: 'telegram',
  VIP: 'vip',
  FACEBOOK: 'facebook',
};

type ContactLinksProps = {
  items: readonly CustomerServiceItem[];
  /** `rail` shows icons with the title as a tooltip-like label; `list` shows icon and title in a row. */
  variant: 'rail' | 'list';
};

/** The merchant's customer-service channels (live chat, Telegram, VIP service). */
export function ContactLinks({ items, variant }: ContactLinksProps) {
  const language = useLanguage();
  const shown = everyonesChannels(items);
  if (shown.length === 0) return null;
  return (
    <ul className={`contact-links contact-links--${variant}`}>
      {shown.map((item) => (
        <li key={`${item.csType}-${item.path}`}>
          <a
            className="contact-links__link"
            href={item.path}
            {...(isExternal(item.path) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            <span className="contact-links__icon">
              <Icon name={icons[item.csType]} />
            </span>
            <span className="contact-links__label">{serviceTitle(item, language)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
