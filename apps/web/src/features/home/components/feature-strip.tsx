import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/icons.tsx';

const features: { icon: IconName; key: 'fast' | 'support' | 'secure' | 'devices' }[] = [
  { icon: 'bolt', key: 'fast' },
  { icon: 'headset', key: 'support' },
  { icon: 'shield', key: 'secure' },
  { icon: 'devices', key: 'devices' },
];

/** What the site promises every player. */
export function FeatureStrip() {
  const { t } = useTranslation();
  return (
    <ul className="feature-strip">
      {features.map((feature) => (
        <li key={feature.key} className="feature-strip__item">
          <span className="feature-strip__icon">
            <Icon name={feature.icon} size={22} />
          </span>
          <span>
            <strong className="feature-strip__title">{t(`home.${feature.key}Title`)}</strong>
            <span className="feature-strip__line">{t(`home.${feature.key}Line`)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
