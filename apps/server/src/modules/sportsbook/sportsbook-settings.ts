import { esportsSports } from '@tala/contracts/odds-feed';
import { sportsbookVendors } from '@tala/contracts/sportsbook-vendors';
import type { ParlayLimits, SingleLimits } from '@tala/sports/limits';
import { defaultParlayRules, type ParlayRules } from '@tala/sports/parlay';

/** The sportsbook's two in-house vendors: sports and esports (their catalogue lines: sportsbook-catalogue.ts). */
export const sportsVendor = sportsbookVendors.SPORTS;
export const esportsVendor = sportsbookVendors.ESPORTS;

/**
 * The sportsbook's settings (decision 058). The trading back office (a later session) will keep them per merchant
 * and sport; until then they are the deployment's, with these defaults.
 */
export type SportsbookSettings = {
  /** How long an in-play bet waits before it is accepted or refused (ms). */
  inPlayDelayMs: number;
  single: SingleLimits;
  parlay: ParlayLimits;
  parlayRules: ParlayRules;
  /** The house's cash-out margin in thousandths (50: 5%). */
  cashOutMarginThousandths: number;
  /** The feed's sports shown and recorded as ESPORTS (vendor TESPORTS); every other one is SPORTS (TSPORTS). */
  esportsSports: readonly string[];
  /** Bets settled per transaction when a market settles. */
  settlementPageSize: number;
  /**
   * Placements gathered into one transaction (sportsbook-betting.ts): at most `maxBatch` slips a batch, `slots`
   * batches at once (about the database server's cores, as the ledger's LEDGER_BATCH_SLOTS). A cap of 16 keeps the
   * two slots' batches even (32 members betting as fast as they are answered: 16 and 16, where 32 ran as batches of
   * 31 and 1).
   */
  placementBatch: { slots: number; maxBatch: number };
  /** Test hook: runs right before a slip's transaction reads its markets (the feed racing a placement). */
  beforePlacement?: () => Promise<void>;
  /** Test hook: runs inside a slip's transaction after its read, before its bet is written (a placement in flight). */
  whilePlacing?: () => Promise<void>;
  /** Test hook: runs inside a settlement page's transaction before it commits (two processes racing). */
  beforeSettlementCommit?: () => Promise<void>;
};

export const defaultSportsbookSettings: SportsbookSettings = {
  inPlayDelayMs: 5_000,
  single: { minStake: 100n, maxStake: 5_000_000n, maxPayoutPerMarket: 20_000_000n },
  parlay: { minStake: 100n, maxStake: 1_000_000n, maxPayout: 50_000_000n, overMaximum: 'cap' },
  parlayRules: defaultParlayRules,
  cashOutMarginThousandths: 50,
  esportsSports,
  settlementPageSize: 500,
  placementBatch: { slots: 2, maxBatch: 16 },
};

export const productOfSport = (settings: SportsbookSettings, sport: string) =>
  settings.esportsSports.includes(sport) ? ('ESPORTS' as const) : ('SPORTS' as const);

export const vendorOfProduct = (product: 'SPORTS' | 'ESPORTS') =>
  product === 'ESPORTS' ? esportsVendor : sportsVendor;
