import './banners.css';
import { BANNER_AUTOPLAY_MS } from '@tala/contracts/content-constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/icons.tsx';
import { type Banner, useBanners } from '../api/get-banners.ts';
import type { BannerGroup, DialogBannerGroup } from '../banner-groups.ts';
import { bannerTarget } from '../lib/banner-link.ts';
import { BrandHero } from './brand-hero.tsx';

function BannerSlide({ banner, active, first }: { banner: Banner; active: boolean; first: boolean }) {
  const target = bannerTarget(banner);
  const image = (
    <img
      className="banner__image"
      src={banner.url}
      alt={banner.title}
      draggable={false}
      loading={active ? 'eager' : 'lazy'}
      // The first banner is the first screen's largest picture (its LCP): fetched before anything else.
      fetchPriority={first ? 'high' : 'auto'}
    />
  );
  // Hidden slides leave the tab order, so a keyboard reaches only the banner on show.
  const focus = active ? {} : { tabIndex: -1 };
  if (target.kind === 'route')
    return (
      <Link className="banner__link" to={target.to} {...focus}>
        {image}
      </Link>
    );
  if (target.kind === 'external')
    return (
      <a className="banner__link" href={target.href} target="_blank" rel="noopener noreferrer" {...focus}>
        {image}
      </a>
    );
  return image;
}

/**
 * The banner carousel of a route group or dialog (§2, §9): it moves on every 5000 ms when there is more than one
 * banner, and interaction never stops it (a chosen slide gets its full 5 s). A group without banners shows the
 * brand's hero instead, so no page opens on an empty band.
 */
export function BannerCarousel({
  group,
  brandName,
  variant = 'page',
}: {
  group: BannerGroup | DialogBannerGroup;
  brandName?: string;
  variant?: 'page' | 'dialog';
}) {
  const { t } = useTranslation();
  const banners = useBanners(group);
  const list = banners.data ?? [];
  const count = list.length;
  const [index, setIndex] = useState(0);
  const current = count > 0 ? index % count : 0;

  useEffect(() => {
    if (count < 2) return;
    // Restarted on every change of slide, so a slide chosen by hand also gets its full 5 s.
    const timer = window.setTimeout(() => setIndex((current + 1) % count), BANNER_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [count, current]);

  if (banners.isPending)
    return (
      <div className={`banner banner--${variant} banner--loading`} aria-hidden="true">
        <div className="banner__frame" />
      </div>
    );
  if (count === 0) {
    if (variant === 'dialog' || group === 'w_login' || group === 'w_register') return null;
    return <BrandHero group={group} brandName={brandName ?? ''} />;
  }

  return (
    <section
      className={`banner banner--${variant}`}
      aria-roledescription={t('banner.carousel')}
      aria-label={t('banner.label')}
      data-testid={`banner-${group}`}
      data-active-index={current}
      data-count={count}
    >
      <div className="banner__frame">
        <div className="banner__track" style={{ transform: `translateX(-${current * 100}%)` }}>
          {list.map((banner, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide as a group
            <div
              key={banner.bannerId}
              className="banner__slide"
              role="group"
              aria-roledescription={t('banner.slide')}
              aria-label={t('banner.position', { index: i + 1, count })}
              aria-hidden={i === current ? undefined : true}
              data-banner-id={banner.bannerId}
            >
              <BannerSlide banner={banner} active={i === current} first={i === 0} />
            </div>
          ))}
        </div>
        {count > 1 ? (
          <>
            <button
              type="button"
              className="banner__arrow banner__arrow--prev"
              aria-label={t('banner.previous')}
              onClick={() => setIndex((current - 1 + count) % count)}
            >
              <Icon name="chevronRight" size={20} />
            </button>
            <button
              type="button"
              className="banner__arrow banner__arrow--next"
              aria-label={t('banner.next')}
              onClick={() => setIndex((current + 1) % count)}
            >
              <Icon name="chevronRight" size={20} />
            </button>
            <div className="banner__dots">
              {list.map((banner, i) => (
                <button
                  key={banner.bannerId}
                  type="button"
                  className="banner__dot"
                  aria-label={t('banner.show', { index: i + 1 })}
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                />
              ))}
            </div>
          </>
        ) : null}
      </div>
    </section>
  );
}
