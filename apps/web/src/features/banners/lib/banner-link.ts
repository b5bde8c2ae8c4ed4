import type { Banner } from '@tala/contracts/content';

export type BannerTarget =
  | { kind: 'route'; to: string }
  | { kind: 'external'; href: string }
  | { kind: 'none' };

/**
 * Where a banner's linkage opens (§3: a banner with a linkageType is clickable). ROUTE is a site path, GAME a game
 * by its catalogue nodeId (the /game page launches it), PROMOTION the promotion's detail page, URL an http(s)
 * address in a new tab. The server refuses script links on save; the site checks again so a stored value that slipped
 * past still does nothing.
 */
export function bannerTarget(banner: Pick<Banner, 'linkageType' | 'linkageTarget'>): BannerTarget {
  const target = banner.linkageTarget?.trim();
  if (!banner.linkageType || !target) return { kind: 'none' };
  switch (banner.linkageType) {
    case 'ROUTE':
      return /^\/(?![/\\])/.test(target) ? { kind: 'route', to: target } : { kind: 'none' };
    case 'GAME':
      return /^\d+$/.test(target) ? { kind: 'route', to: `/game?nodeId=${target}` } : { kind: 'none' };
    case 'PROMOTION':
      return { kind: 'route', to: `/promoDetail?id=${encodeURIComponent(target)}` };
    case 'URL':
      return /^https?:\/\//i.test(target) ? { kind: 'external', href: target } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}
