import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/icons.tsx';
import { type ResourceItem, type SocialType, socialLinks } from '../utils/customer-service.ts';

const icons: Record<SocialType, IconName> = {
  FACEBOOK: 'facebook',
  TWITTER: 'twitter',
  INSTAGRAM: 'instagram',
  YOUTUBE: 'youtube',
  TELEGRAM: 'telegram',
};

/** Facebook, Twitter, Instagram, Youtube and Telegram, each only when the merchant configured it (§2). */
export function SocialLinks({
  resources,
  size = 'medium',
}: {
  resources: readonly ResourceItem[];
  size?: 'medium' | 'small';
}) {
  const { t } = useTranslation();
  const links = socialLinks(resources);
  if (links.length === 0) return null;
  return (
    <ul className={`social-links social-links--${size}`}>
      {links.map((link) => (
        <li key={`${link.resourceType}-${link.url}`}>
          <a
            className="social-links__link"
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${link.labelNameEn} (${t('common.opensNewWindow')})`}
            title={link.labelNameEn}
          >
            <Icon name={icons[link.resourceType]} />
          </a>
        </li>
      ))}
    </ul>
  );
}
