/** Every route of the site (spec §2, history mode). Paths keep the spec's spelling and case. */
export const paths = {
  root: '/',
  home: '/index',
  register: '/register',
  registerHtml: '/register.html',
  login: '/login',
  noticePage: '/noticePage',
  pointMall: '/pointMall',
  sports: '/sports',
  esports: '/esports',
  lottery: '/lottery',
  lotteryHistory: '/lottery/history',
  lotteryVerify: '/lottery/verify',
  rng: '/rng',
  fish: '/fish',
  pvp: '/pvp',
  live: '/live',
  bingo: '/bingo',
  promotions: '/promotions',
  promoDetail: '/promoDetail',
  seamless: '/seamless',
  fbsports: '/fbsports',
  help: '/help',
  helpmc: '/helpmc',
  down: '/down',
  /** The download page at the address the login-required rule names (§2): open to guests. */
  download: '/download',
  /** The lottery area: the lottery banner group's page (§2). */
  elott: '/elott',
  join: '/join',
  game: '/game',
  /** The public responsible-gaming page (issue 18 item 7): open to guests. */
  responsibleGaming: '/responsibleGaming',
  /**
   * The game lobby, one per game type (upper-cased). It lives under /lobby because the server already serves the
   * in-house game clients under /games/ (docs/decisions/020-player-site-shell.md).
   */
  lobby: (gameType: string) => `/lobby/${gameType.toUpperCase()}`,
} as const;

/** The login-required rule (§2): these stay open to guests when the merchant requires login. */
export const loginExemptPaths: readonly string[] = [
  '/login',
  '/register',
  '/register.html',
  '/helpmc',
  '/download',
  '/responsibleGaming',
];
