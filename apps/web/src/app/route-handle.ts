import type { BannerGroup } from '../features/banners/banner-groups.ts';

/**
 * How a route sits in the root layout:
 * - `site`: header, notice bar, banner, side menu, footer and right bar around the page;
 * - `game`: header only (/lottery, /seamless, /game, /fbsports);
 * - `content`: the page alone, without header (/helpmc).
 */
export type RouteHandle = { layout: 'site' | 'game' | 'content'; banner?: BannerGroup };
