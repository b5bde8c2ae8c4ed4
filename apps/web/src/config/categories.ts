import type { IconName } from '../components/icons.tsx';
import { paths } from './paths.ts';

export type CategoryId = 'rng' | 'live' | 'fish' | 'bingo' | 'pvp' | 'sports' | 'esports' | 'lottery';

export type Category = { id: CategoryId; path: string; gameType: string; icon: IconName };

/**
 * The game categories of the header's bottom row, in the spec's order: bingo comes just after fish (§2).
 * Until vendors exist every category is listed; later the list is filtered to categories that have vendors.
 */
export const categories: readonly Category[] = [
  { id: 'rng', path: paths.rng, gameType: 'RNG', icon: 'slots' },
  { id: 'live', path: paths.live, gameType: 'LIVE', icon: 'live' },
  { id: 'fish', path: paths.fish, gameType: 'FISH', icon: 'fish' },
  { id: 'bingo', path: paths.bingo, gameType: 'BINGO', icon: 'bingo' },
  { id: 'pvp', path: paths.pvp, gameType: 'PVP', icon: 'cards' },
  { id: 'sports', path: paths.sports, gameType: 'SPORTS', icon: 'sports' },
  { id: 'esports', path: paths.esports, gameType: 'ESPORTS', icon: 'esports' },
  { id: 'lottery', path: paths.lobby('LOTT'), gameType: 'LOTT', icon: 'lottery' },
];

/** Game types the lobby route accepts (§3 categories plus bingo). */
export const lobbyGameTypes = [
  'RNG',
  'LIVE',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'LOTT',
  'ELOTT',
  'BINGO',
] as const;
export type LobbyGameType = (typeof lobbyGameTypes)[number];

/** RNG classifications shown as tabs of /rng when the merchant supports Tagalog. */
export const rngClassifications = ['SC', 'VP', 'JP', 'TG', 'AC', 'BG'] as const;
export type RngClassification = (typeof rngClassifications)[number];

/** The picture of each lobby game type. */
export const gameTypeIcons: Record<LobbyGameType, IconName> = {
  RNG: 'slots',
  LIVE: 'live',
  FISH: 'fish',
  PVP: 'cards',
  SPORTS: 'sports',
  ESPORTS: 'esports',
  LOTT: 'lottery',
  ELOTT: 'lottery',
  BINGO: 'bingo',
};
