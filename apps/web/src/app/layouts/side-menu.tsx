import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Icon } from '../../components/icons.tsx';
import { quickLinks } from './quick-links.ts';

/** The side menu: a rail of the site's other areas beside the content on wide screens (in the drawer on phones). */
export function SideMenu() {
  const { t } = useTranslation();
  return (
    <nav className="side-menu" aria-label={t('nav.quickLinks')}>
      <ul className="rail">
        {quickLinks.map((link) => (
          <li key={link.key}>
            <NavLink className="rail__link" to={link.to}>
              <Icon name={link.icon} size={22} />
              <span className="rail__label">{t(`nav.${link.key}`)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
