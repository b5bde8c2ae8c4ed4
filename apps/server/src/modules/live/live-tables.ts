// The studio's tables (decision 053): kept in step with live_tables and the game catalogue at start-up, so a new
// table here is all it takes to open one. Limits are per spot and round, in minor units (centavos).
import type { LiveGame } from '@tala/contracts/live';

export type TableDefinition = {
  code: string;
  game: LiveGame;
  name: string;
  minBet: number;
  maxBet: number;
  bettingSeconds: number;
  resultSeconds: number;
};

export const liveTableDefinitions: readonly TableDefinition[] = [
  {
    code: 'BAC-1',
    game: 'baccarat',
    name: 'Baccarat Maynila',
    minBet: 1_000,
    maxBet: 5_000_000,
    bettingSeconds: 15,
    resultSeconds: 10,
  },
  {
    code: 'BAC-2',
    game: 'baccarat',
    name: 'Speed Baccarat Cebu',
    minBet: 2_000,
    maxBet: 10_000_000,
    bettingSeconds: 10,
    resultSeconds: 8,
  },
  {
    code: 'DT-1',
    game: 'dragon_tiger',
    name: 'Dragon Tiger Davao',
    minBet: 1_000,
    maxBet: 5_000_000,
    bettingSeconds: 10,
    resultSeconds: 6,
  },
  {
    code: 'SB-1',
    game: 'sicbo',
    name: 'Sic Bo Iloilo',
    minBet: 1_000,
    maxBet: 2_000_000,
    bettingSeconds: 15,
    resultSeconds: 8,
  },
  {
    code: 'ROU-1',
    game: 'roulette',
    name: 'Roulette Boracay',
    minBet: 1_000,
    maxBet: 2_000_000,
    bettingSeconds: 20,
    resultSeconds: 10,
  },
];

/** The in-house live studio in the catalogue: vendor, its one product line and the line's game type. */
export const liveVendor = 'TLIVE';
export const liveVassalage = `${liveVendor}_LIVE`;
