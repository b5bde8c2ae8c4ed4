import './header-menus.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Icon, type IconName } from '../../../components/icons.tsx';
import { type GameMenu, gameMenusQuery } from '../api/games-api.ts';
import { vendorLink } from '../lib/vendor-link.ts';

/** Up to 11 vendors in a category's hover menu; a More button above 6 (spec §9). */
const MENU_MAX = 11;
const MENU_FIRST = 6;

export type MenuCategory = { id: string; gameType: string; path: string; icon: IconName; label: string };

/**
 * The game categories of the header's bottom row (spec §2): one entry per category that has vendors, in the
 * server's order (bingo just after fish), each with a hover menu of its vendors and the hot mark. Until the menus
 * load (or if they fail) the site's fixed list shows, so the row never jumps or goes empty.
 */
export function HeaderGameMenus({ categories }: { categories: readonly MenuCategory[] }) {
  const menus = useQuery(gameMenusQuery());
  const byType = new Map(categories.map((c) => [c.gameType, c]));
  const entries: { category: MenuCategory; menu?: GameMenu }[] = menus.data
    ? menus.data.flatMap((menu) => {
        const category = byType.get(menu.gameType);
        return category && menu.vendors.length > 0 ? [{ category, menu }] : [];
      })
    : categories.map((category) => ({ category }));
  return (
    <>
      {entries.map(({ category, menu }) => (
        <CategoryEntry key={category.id} category={category} menu={menu} />
      ))}
    </>
  );
}

function CategoryEntry({ category, menu }: { category: MenuCategory; menu: GameMenu | undefined }) {
  const { t } = useTranslation();
  const [more, setMore] = useState(false);
  const vendors = menu?.vendors.slice(0, more ? MENU_MAX : MENU_FIRST) ?? [];
  const hasMore = (menu?.vendors.length ?? 0) > MENU_FIRST;
  return (
    <li className="main-nav__item" onMouseLeave={() => setMore(false)}>
      <NavLink className="main-nav__link" to={category.path}>
        <Icon name={category.icon} size={18} />
        <span>{category.label}</span>
      </NavLink>
      {vendors.length > 0 ? (
        <div className="nav-menu">
          <ul className="nav-menu__list" aria-label={t('games.vendorsOf', { category: category.label })}>
            {vendors.map((vendor) => (
              <li key={vendor.vassalage}>
                <Link className="nav-menu__link" to={vendorLink(vendor, category.path)}>
                  <span>{vendor.displayName}</span>
                  {vendor.isHot === 1 ? (
                    <span className="nav-menu__hot" title={t('games.hot')}>
                      <Icon name="bolt" size={14} />
                      <span className="visually-hidden">{t('games.hot')}</span>
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
          {hasMore ? (
            <button
              type="button"
              className="nav-menu__more"
              aria-expanded={more}
              onClick={() => setMore(!more)}
            >
              {more ? t('games.less') : t('games.more')}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
