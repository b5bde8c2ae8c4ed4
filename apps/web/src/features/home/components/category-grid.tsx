import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/icons.tsx';
import { categories } from '../../../config/categories.ts';

/** The home page's way into every game category. */
export function CategoryGrid() {
  const { t } = useTranslation();
  return (
    <ul className="category-grid">
      {categories.map((category) => (
        <li key={category.id}>
          <Link className={`category-card category-card--${category.id}`} to={category.path}>
            <span className="category-card__icon">
              <Icon name={category.icon} size={30} />
            </span>
            <span className="category-card__text">
              <span className="category-card__name">{t(`nav.${category.id}`)}</span>
              <span className="category-card__line">{t(`categoryLines.${category.id}`)}</span>
            </span>
            <Icon name="chevronRight" size={18} className="category-card__arrow" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
