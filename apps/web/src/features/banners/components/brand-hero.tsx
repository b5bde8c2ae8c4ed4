import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/icons.tsx';
import type { BannerGroup } from '../banner-groups.ts';

const art: Record<BannerGroup, IconName> = {
  home: 'star',
  rng: 'slots',
  live: 'live',
  fish: 'fish',
  pvp: 'cards',
  sports: 'sports',
  esports: 'esports',
  lottery: 'lottery',
  download: 'download',
  promotion: 'gift',
  shop: 'bag',
  help: 'help',
  bingo: 'bingo',
};

/**
 * The banner area of a route group. Until the merchant uploads banners (a later issue) it shows a hero drawn from
 * the brand itself: the brand's colours, its name and a tagline for the group.
 */
export function BrandHero({ group, brandName }: { group: BannerGroup; brandName: string }) {
  const { t } = useTranslation();
  return (
    <section className={`hero hero--${group}`} aria-label={t('banner.label')}>
      <div className="container hero__inner">
        <div className="hero__text">
          <p className="hero__eyebrow">{t(`banner.${group}.eyebrow`)}</p>
          <p className="hero__title">{brandName}</p>
          <p className="hero__tagline">{t(`banner.${group}.tagline`)}</p>
        </div>
        <div className="hero__art" aria-hidden="true">
          <span className="hero__ring hero__ring--outer" />
          <span className="hero__ring hero__ring--inner" />
          <span className="hero__medal">
            <Icon name={art[group]} size={64} />
          </span>
          <span className="hero__chip hero__chip--a" />
          <span className="hero__chip hero__chip--b" />
          <span className="hero__chip hero__chip--c" />
        </div>
      </div>
    </section>
  );
}
