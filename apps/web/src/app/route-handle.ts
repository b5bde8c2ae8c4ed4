import type { BannerGroup } from '../features/banners/banner-groups.ts';

/**
 * How a route sits in the root layout:
 * - `site`: header, notice bar, banner, side menu, footer and right bar around the page;
 * - `game`: header only (/lottery, /seamless, /game, /fbsports);
 * - `content`: the page alone, without header (/helpmc).
 */
export type RouteHandle = {
  layout: 'site' | 'game' | 'content';
  banner?: BannerGroup;
  /**
   * Members bet on the page itself (the in-house sportsbook on /sports and /esports): the session timer and the
   * reality checks as over a game page (decision 049), though the page keeps the site's layout.
   */
  play?: true;
};
