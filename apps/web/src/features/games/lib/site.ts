import type { SiteCurrency } from '../../../lib/money.ts';

/** What the games screens need from the merchant's public settings; the app layer builds it from the status. */
export type GamesSite = {
  currency: SiteCurrency;
  freePlay: boolean;
  /** Host for images (from imageCDNs, else this site). */
  imageHost: string;
  /** Hosts for launches (launchGameCDNs); empty means this site. */
  launchHosts: readonly string[];
  /** BG (bingo) classification only where TY is supported (spec §5). */
  supportsTagalog: boolean;
};
