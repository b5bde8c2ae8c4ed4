import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Drawer } from '../../components/drawer.tsx';
import { Icon } from '../../components/icons.tsx';
import { categories } from '../../config/categories.ts';
import { paths } from '../../config/paths.ts';
import { LanguagePicker } from '../../features/preferences/components/language-picker.tsx';
import { ThemeToggle } from '../../features/preferences/components/theme-toggle.tsx';
import { ContactLinks } from '../../features/support/components/contact-links.tsx';
import { SocialLinks } from '../../features/support/components/social-links.tsx';
import { useSiteStatus } from '../use-site-status.ts';
import { quickLinks } from './quick-links.ts';

/** The phone menu: every area of the site, the preferences, and the ways to reach support. */
export function SiteDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const whitelabel = status.info.whitelabel;
  return (
    <Drawer open={open} onClose={onClose} title={t('common.menu')}>
      <nav aria-label={t('nav.main')}>
        <ul className="drawer-nav">
          <li>
            <NavLink className="drawer-nav__link" to={paths.home} onClick={onClose}>
              <Icon name="home" />
              {t('nav.home')}
            </NavLink>
          </li>
          {categories.map((category) => (
            <li key={category.id}>
              <NavLink className="drawer-nav__link" to={category.path} onClick={onClose}>
                <Icon name={category.icon} />
                {t(`nav.${category.id}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label={t('nav.quickLinks')}>
        <ul className="drawer-nav drawer-nav--secondary">
          {quickLinks.map((link) => (
            <li key={link.key}>
              <NavLink className="drawer-nav__link" to={link.to} onClick={onClose}>
                <Icon name={link.icon} />
                {t(`nav.${link.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="drawer__preferences">
        <LanguagePicker languages={whitelabel.supportedLanguages} />
        <ThemeToggle showLabel />
      </div>
      {status.customerService.length > 0 ? (
        <section className="drawer__section" aria-labelledby="drawer-support">
          <h3 id="drawer-support" className="drawer__heading">
            {t('common.customerService')}
          </h3>
          <ContactLinks items={status.customerService} variant="list" />
        </section>
      ) : null}
      <SocialLinks resources={status.resources} />
    </Drawer>
  );
}
