import type { ContractKind, ContractSettings, ContractTerms } from '@tala/contracts/agent-contracts';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/*
 * Kysely types of the tables of migrations/046_agent_contracts.sql: the agents module's own, joined onto the shared
 * schema with `withTables`. `bet_rounds` is the view of every real-money round (games' definition, read-only).
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export interface AgentContractSettingsTable {
  merchant_id: number;
  settings: Json<ContractSettings>;
  updated_at: Timestamp;
}

export interface AgentContractsTable {
  id: Generated<number>;
  merchant_id: number;
  kind: ContractKind;
  member_id: number;
  upline_id: number | null;
  request: Generated<'new' | 'termination'>;
  target_contract_id: number | null;
  requested_by: number | null;
  operator_id: number | null;
  terms: Json<ContractTerms>;
  status: 'offered' | 'active' | 'rejected' | 'ended' | 'withdrawn';
  created_at: Timestamp;
  decided_at: NullableTimestamp;
  started_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  end_reason: string | null;
}

export interface SettlementRunsTable {
  id: Generated<number>;
  merchant_id: number;
  kind: ContractKind;
  period_start: Date;
  period_end: Date;
  status: 'running' | 'done' | 'failed' | 'cancel_requested' | 'cancelled';
  bills: Generated<number>;
  total_paid: Generated<number>;
  error: string | null;
  started_at: Timestamp;
  heartbeat_at: Timestamp;
  finished_at: NullableTimestamp;
  cancel_requested_by: number | null;
  cancel_reason: string | null;
  cancelled_by: number | null;
  cancelled_at: NullableTimestamp;
}

export interface ContractBillsTable {
  id: Generated<number>;
  merchant_id: number;
  run_id: number;
  contract_id: number;
  member_id: number;
  kind: ContractKind;
  period_start: Date;
  period_end: Date;
  status: string;
  amount_due: number;
  amount_paid: number;
  carry_out: number;
  payer: 'merchant' | 'upline';
  payer_member_id: number | null;
  statement: Json<Record<string, number>>;
  ledger_entry_id: number | null;
  reversal_entry_id: number | null;
  created_at: Timestamp;
  cancelled_at: NullableTimestamp;
  closed_at: NullableTimestamp;
  closed_by: number | null;
  close_reason: string | null;
}

/** A later payment of a bill its upline could not cover at first (migration 064). */
export interface ContractBillPaymentsTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  bill_id: number;
  seq: number;
  amount: number;
  ledger_entry_id: number;
  reversal_entry_id: number | null;
  created_at: Timestamp;
}

export interface BetRoundsView {
  merchant_id: number;
  member_id: number;
  created_at: Date;
  stake: number;
  won: number;
}

/** The team rollups of migrations/092_team_rollups.sql (decisions/068-team-rollups.md). */
export interface TeamMemberDaysTable {
  merchant_id: number;
  day: ColumnType<string, string, string>;
  member_id: number;
  until: Timestamp;
  bets: number;
  bet: ColumnType<number, number, number>;
  win: ColumnType<number, number, number>;
}

export interface TeamDaysTable {
  agent_id: number;
  day: ColumnType<string, string, string>;
  merchant_id: number;
  bets: number;
  valid_bet: number;
  payout: number;
  active_members: number;
  deposits: number;
  deposit_count: number;
  first_deposits: number;
  withdrawals: number;
  withdrawal_count: number;
  new_members: number;
}

export interface TeamActiveCountsTable {
  merchant_id: number;
  agent_id: number;
  period: 'W' | 'M';
  period_start: ColumnType<string, string, string>;
  members: number;
}

export type AgentTables = {
  team_member_days: TeamMemberDaysTable;
  team_days: TeamDaysTable;
  team_active_counts: TeamActiveCountsTable;
  agent_contract_settings: AgentContractSettingsTable;
  agent_contracts: AgentContractsTable;
  settlement_runs: SettlementRunsTable;
  contract_bills: ContractBillsTable;
  contract_bill_payments: ContractBillPaymentsTable;
  bet_rounds: BetRoundsView;
};

export type AgentsDb = Database extends Kysely<infer DB> ? Kysely<DB & AgentTables> : never;

/** The same connection or transaction, typed with this module's tables too. */
export function withAgentTables(executor: Database): AgentsDb {
  return executor.withTables<AgentTables>() as AgentsDb;
}
