/** Banner groups per route (§2). w_login and w_register belong to the login and registration dialogs. */
export const bannerGroups = [
  'home',
  'rng',
  'live',
  'fish',
  'pvp',
  'sports',
  'esports',
  'lottery',
  'download',
  'promotion',
  'shop',
  'help',
  'bingo',
] as const;
export type BannerGroup = (typeof bannerGroups)[number];
export type DialogBannerGroup = 'w_login' | 'w_register';
