import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/* Kysely types of the tables of migrations/054_lottery.sql: the lottery module's own. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Money = ColumnType<number, number | bigint, number | bigint>;

export type DrawStatus = 'open' | 'drawn' | 'settled' | 'cancelled';
export type BetStatus = 'open' | 'won' | 'lost' | 'refunded';

export interface LotteryDrawsTable {
  id: Generated<number>;
  merchant_id: number;
  game_code: string;
  game_version: number;
  issue_index: ColumnType<number, number, number>;
  issue_no: string;
  sale_opens_at: Timestamp;
  sale_closes_at: Timestamp;
  draw_at: Timestamp;
  server_seed: string;
  server_seed_hash: string;
  status: ColumnType<DrawStatus, DrawStatus | undefined, DrawStatus>;
  /** JSON of the game's result; the driver may hand it back parsed or as text. */
  result: ColumnType<unknown, string | null | undefined, string | null>;
  drawn_at: NullableTimestamp;
  settled_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  cancelled_by: number | null;
  cancel_reason: string | null;
  created_at: Generated<Date>;
}

export interface LotteryBetsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  draw_id: number;
  game_code: string;
  bet_type: string;
  prize_mode: string;
  picks: ColumnType<number[], number[], number[]>;
  lines: number;
  stake_per_line: Money;
  stake: Money;
  odds: number;
  request_id: string;
  status: ColumnType<BetStatus, BetStatus | undefined, BetStatus>;
  win: ColumnType<number, number | undefined, number>;
  bet_entry_id: number;
  payout_entry_id: number | null;
  refund_entry_id: number | null;
  created_at: Generated<Date>;
  settled_at: NullableTimestamp;
  /** A chase's bet (migration 060): its chase and place in it. */
  chase_id: ColumnType<number | null, number | null | undefined, number | null>;
  chase_seq: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 058: the rebate in force when placed (basis points), what it paid and its ledger entry. */
  rebate_rate: ColumnType<number, number | undefined, number>;
  rebate: ColumnType<number, number | undefined, number>;
  rebate_entry_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type ChaseStatus = 'running' | 'won' | 'completed' | 'cancelled';

/** migrations/060_lottery_chases.sql: a bet followed over consecutive issues. */
export interface LotteryChasesTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  game_code: string;
  bet_type: string;
  prize_mode: string;
  picks: ColumnType<number[], number[], number[]>;
  lines: number;
  stake_per_line: Money;
  odds: number;
  first_index: ColumnType<number, number, number>;
  first_issue_no: string;
  issues: number;
  stop_on_win: boolean;
  total: Money;
  next_seq: ColumnType<number, number | undefined, number>;
  placed: ColumnType<number, number | undefined, number>;
  held: Money;
  status: ColumnType<ChaseStatus, ChaseStatus | undefined, ChaseStatus>;
  request_id: string;
  hold_entry_id: number;
  refund_entry_id: ColumnType<number | null, number | null | undefined, number | null>;
  refunded: ColumnType<number, number | bigint | undefined, number | bigint>;
  created_at: Generated<Date>;
  ended_at: NullableTimestamp;
}

/** Migration 062: the CHAIN game's hash chains (decision 041). */
export interface LotteryHashChainsTable {
  merchant_id: number;
  game_code: string;
  segment: ColumnType<number, number, number>;
  length: number;
  secret: string;
  terminal_hash: string;
  created_at: Generated<Date>;
}

/* Migration 058 (docs/decisions/042-lottery-office.md). JSON maps keyed by prize mode. */
type ModeMap = ColumnType<unknown, string | undefined, string>;

export interface LotteryGameSettingsTable {
  merchant_id: number;
  game_code: string;
  enabled: boolean;
  on_sale: boolean;
  rebates: ModeMap;
  updated_at: Timestamp;
  updated_by: number | null;
}

export interface LotteryBetTypeSettingsTable {
  merchant_id: number;
  game_code: string;
  bet_type: string;
  odds: ModeMap;
  stake_min: ColumnType<number | null, number | null | undefined, number | null>;
  stake_max: ColumnType<number | null, number | null | undefined, number | null>;
  liability_cap: ColumnType<number | null, number | null | undefined, number | null>;
  updated_at: Timestamp;
  updated_by: number | null;
}

export interface LotteryExposureTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  draw_id: number;
  bet_type: string;
  number: string;
  bets: ColumnType<number, number | undefined, number>;
  stake: Money;
  liability: Money;
}

export type ResultEntryStatus = 'pending' | 'approved' | 'rejected';

export interface LotteryResultEntriesTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  id: Generated<number>;
  draw_id: number;
  result: ColumnType<unknown, string, string>;
  status: ColumnType<ResultEntryStatus, ResultEntryStatus | undefined, ResultEntryStatus>;
  entered_by: number;
  entered_at: Generated<Date>;
  decided_by: number | null;
  decided_at: NullableTimestamp;
  reason: string | null;
}

export type LotteryTables = {
  lottery_draws: LotteryDrawsTable;
  lottery_bets: LotteryBetsTable;
  lottery_chases: LotteryChasesTable;
  lottery_hash_chains: LotteryHashChainsTable;
  lottery_game_settings: LotteryGameSettingsTable;
  lottery_bet_type_settings: LotteryBetTypeSettingsTable;
  lottery_exposure: LotteryExposureTable;
  lottery_result_entries: LotteryResultEntriesTable;
};

export type LotteryDb = Database extends Kysely<infer DB> ? Kysely<DB & LotteryTables> : never;

/** The same connection or transaction, typed with this module's tables too. */
export function withLotteryTables(executor: Database): LotteryDb {
  return executor.withTables<LotteryTables>() as LotteryDb;
}
