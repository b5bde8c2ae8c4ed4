import './footer.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../../components/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { type Footer, useFooter } from '../api/get-footer.ts';

const socialIcons: Record<Footer['socialLinks'][number]['type'], IconName> = {
  FACEBOOK: 'facebook',
  TWITTER: 'twitter',
  INSTAGRAM: 'instagram',
  YOUTUBE: 'youtube',
  TELEGRAM: 'telegram',
};

function FooterLink({ path, children }: { path: string; children: ReactNode }) {
  if (/^https?:\/\//i.test(path))
    return (
      <a href={path} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  return <Link to={path}>{children}</Link>;
}

function Logos({ title, id, logos }: { title: string; id: string; logos: Footer['vendorLogos'] }) {
  if (logos.length === 0) return null;
  return (
    <section className="footer-logos" aria-labelledby={id}>
      <h2 id={id} className="site-footer__heading">
        {title}
      </h2>
      <ul className="footer-logos__list">
        {logos.map((logo) => (
          <li key={`${logo.name}-${logo.imageUrl}`}>
            {logo.url ? (
              <FooterLink path={logo.url}>
                <img src={logo.imageUrl} alt={logo.name} loading="lazy" width={132} height={44} />
              </FooterLink>
            ) : (
              <img src={logo.imageUrl} alt={logo.name} loading="lazy" width={132} height={44} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The footer (§2): help links, products, social links only when configured, copyright, licence text, vendor logos,
 * payment and provider partners — all from the merchant's content. `support` is the app layer's customer-service
 * block; `brand` paints at once from the status the site already has.
 */
export function SiteFooter({
  brand,
  support,
}: {
  brand: { brandName: string; logoUrl: string; copyright: string; licenceText: string };
  support: ReactNode;
}) {
  const { t } = useTranslation();
  const footer = useFooter();
  const data = footer.data;
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__brand">
          <img src={brand.logoUrl} alt={brand.brandName} height={40} />
          <p className="site-footer__licence">{data?.licenceText ?? brand.licenceText}</p>
          {data && data.socialLinks.length > 0 ? (
            <ul className="social-links" aria-label={t('footer.follow')}>
              {data.socialLinks.map((link) => (
                <li key={link.type}>
                  <a
                    className="social-links__link"
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${link.label} (${t('common.opensNewWindow')})`}
                    title={link.label}
                    data-social={link.type}
                  >
                    <Icon name={socialIcons[link.type]} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <nav aria-labelledby="footer-help">
          <h2 id="footer-help" className="site-footer__heading">
            {t('footer.help')}
          </h2>
          <ul className="site-footer__links">
            {(data?.helpLinks ?? []).map((link) => (
              <li key={`${link.path}-${link.title}`}>
                <FooterLink path={link.path}>{link.title}</FooterLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-products">
          <h2 id="footer-products" className="site-footer__heading">
            {t('footer.products')}
          </h2>
          <ul className="site-footer__links site-footer__links--columns">
            {(data?.products ?? []).map((link) => (
              <li key={`${link.path}-${link.title}`}>
                <FooterLink path={link.path}>{link.title}</FooterLink>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-support">
          <h2 id="footer-support" className="site-footer__heading">
            {t('footer.support')}
          </h2>
          {support}
        </section>
      </div>
      {data ? (
        <div className="container site-footer__partners">
          <Logos title={t('footer.vendors')} id="footer-vendors" logos={data.vendorLogos} />
          <Logos title={t('footer.payments')} id="footer-payments" logos={data.paymentPartners} />
          <Logos title={t('footer.providers')} id="footer-providers" logos={data.providerPartners} />
        </div>
      ) : null}
      <div className="container site-footer__bottom">
        <span className="age-badge" title={t('footer.adultsOnly')}>
          18+
        </span>
        <Link className="site-footer__responsible" to={paths.responsibleGaming}>
          {t('footer.responsibleGaming')}
        </Link>
        <p className="site-footer__copyright">{data?.copyright ?? brand.copyright}</p>
      </div>
    </footer>
  );
}
