import type { GamesSite } from '../features/games/lib/site.ts';
import { pickHost } from '../features/games/lib/start-game.ts';
import { siteCurrency } from '../lib/money.ts';
import { useSiteStatus } from './use-site-status.ts';

let imageHost: string | undefined;

/** The merchant's settings the games screens use, from the status (image host picked once per page load). */
export function useGamesSite(): GamesSite {
  const status = useSiteStatus();
  const whitelabel = status.info.whitelabel;
  imageHost ??= pickHost(status.imageCDNs, '');
  return {
    currency: siteCurrency(whitelabel),
    freePlay: status.register.freePlay,
    imageHost,
    launchHosts: status.launchGameCDNs,
    supportsTagalog: whitelabel.supportedLanguages.includes('TY'),
  };
}
