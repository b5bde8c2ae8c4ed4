import { useTranslation } from 'react-i18next';
import { CategoryGrid } from './category-grid.tsx';
import { FeatureStrip } from './feature-strip.tsx';

/**
 * The home page. The jackpot counter, banner carousel, popular and recent games join it with the games and content
 * issues; today it leads into every category.
 */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <div className="home">
      <section aria-labelledby="home-categories">
        <h1 id="home-categories" className="section-title">
          {t('home.categoriesTitle')}
        </h1>
        <CategoryGrid />
      </section>
      <section aria-labelledby="home-features">
        <h2 id="home-features" className="section-title">
          {t('home.featuresTitle')}
        </h2>
        <FeatureStrip />
      </section>
    </div>
  );
}
