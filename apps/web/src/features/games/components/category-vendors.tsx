import '../games.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { gameMenusQuery } from '../api/games-api.ts';
import { vendorLink } from '../lib/vendor-link.ts';

/**
 * The vendors of some game types as links into their lobbies (the header's menus, on a page): nothing while the
 * menus load or when no vendor is there, so the page around it stays whole.
 */
export function CategoryVendors({
  gameTypes,
  title,
  exclude = [],
}: {
  gameTypes: readonly string[];
  title: string;
  exclude?: readonly string[];
}) {
  const { t } = useTranslation();
  const menus = useQuery(gameMenusQuery());
  const vendors = (menus.data ?? [])
    .filter((menu) => gameTypes.includes(menu.gameType))
    .flatMap((menu) => menu.vendors)
    .filter((vendor) => !exclude.includes(vendor.vendor));
  if (vendors.length === 0) return null;
  return (
    <section className="category-vendors" aria-labelledby="category-vendors-title">
      <h2 id="category-vendors-title">{title}</h2>
      <ul className="category-vendors__list">
        {vendors.map((vendor) => (
          <li key={vendor.vassalage}>
            <Link className="btn btn-secondary category-vendors__link" to={vendorLink(vendor)}>
              {vendor.displayName}
              {vendor.isHot === 1 ? <span className="category-vendors__hot">{t('games.hot')}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
