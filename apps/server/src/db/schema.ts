import type { MerchantSettings } from '@tala/contracts/merchant-settings';
import type { ColumnType, Generated } from 'kysely';

/** Table types for Kysely, kept in step with migrations/. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface MerchantsTable {
  id: Generated<number>;
  code: string;
  settings: ColumnType<MerchantSettings, string, string>;
  /** Migration 079: the site answers maintenance, member calls merchant_suspended; money stays. */
  suspended: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MerchantDomainsTable {
  host: string;
  merchant_id: number;
}

export interface OperatorsTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  role: 'owner' | 'finance' | 'support' | 'content';
  disabled: Generated<boolean>;
  /** Migration 079: acts on every merchant with `role`; otherwise only on its operator_merchant_roles. */
  platform: Generated<boolean>;
  created_at: Timestamp;
}

export interface OperatorMerchantRolesTable {
  operator_id: number;
  merchant_id: number;
  role: 'owner' | 'finance' | 'support' | 'content';
}

export interface TotpFactorsTable {
  id: Generated<number>;
  operator_id: number | null;
  member_id: number | null;
  secret: string;
  confirmed_at: Date | null;
  last_step: ColumnType<string, string | number | undefined, string | number>;
  created_at: Timestamp;
}

export interface TotpRecoveryCodesTable {
  factor_id: number;
  code_hash: Buffer;
  used_at: Date | null;
}

export interface OperatorDevicesTable {
  token_hash: Buffer;
  operator_id: number;
  created_at: Timestamp;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface OperatorSignInAttemptsTable {
  id: Generated<string>;
  at: Timestamp;
  username: string;
  operator_id: number | null;
  ip: string;
  known: boolean;
  outcome: 'pending' | 'success' | 'failure' | 'second_step';
}

export interface OperatorSignInTicketsTable {
  token_hash: Buffer;
  operator_id: number;
  expires_at: Date;
  used_at: Date | null;
}

export interface BackOfficeSettingsTable {
  only_row: Generated<boolean>;
  totp_required_roles: ColumnType<string[], string[] | undefined, string[]>;
  updated_at: Timestamp;
}

export interface OperatorSessionsTable {
  token_hash: Buffer;
  operator_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  ip: string | null;
  revoked_at: Date | null;
}

/** Ledger tables (migrations/003_ledger.sql). Written only by the wallet module, through its SQL functions. */
export type LedgerAccountKind =
  | 'member_main'
  | 'member_vendor'
  | 'house_deposit_clearing'
  | 'house_withdrawal_clearing'
  | 'house_vendor'
  | 'house_promotion_expense'
  | 'house_agent_commission_expense'
  | 'house_adjustment'
  | 'house_trial';

export interface LedgerAccountsTable {
  id: Generated<number>;
  merchant_id: number;
  kind: LedgerAccountKind;
  member_id: number | null;
  vendor_code: string | null;
  currency: string;
  trial: boolean;
  shards: number;
  may_go_negative: ColumnType<boolean, never, never>;
  created_at: Timestamp;
}

export interface LedgerBalancesTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  account_id: number;
  shard: number;
  may_go_negative: boolean;
  balance: Generated<number>;
  version: Generated<number>;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  merchant_id: number;
  idempotency_key: string;
  request_hash: Buffer;
  type: string;
  reverses_entry_id: number | null;
  memo: string | null;
  actor_type: 'operator' | 'member' | 'system' | 'vendor';
  actor_id: number | null;
  created_at: Timestamp;
}

export interface LedgerPostingsTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  entry_id: number;
  line: number;
  account_id: number;
  shard: number;
  amount: number;
  balance_after: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  actor_type: 'operator' | 'member' | 'system';
  actor_id: number | null;
  actor_name: string | null;
  merchant_id: number | null;
  action: string;
  target: string | null;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  ip: string | null;
}

export interface GameVendorsTable {
  code: string;
  display_name: string;
  account_type_id: number;
  wallet_mode: Generated<'seamless' | 'transfer'>;
  in_house: Generated<boolean>;
  created_at: Timestamp;
}

export interface GameVendorLinesTable {
  node_id: Generated<number>;
  vendor_code: string;
  game_type: string;
  vassalage: string;
  display_name: string;
  is_game: 'GAME' | 'VASSALAGE' | 'LOBBY';
}

export interface GamesTable {
  node_id: Generated<number>;
  line_node_id: number;
  game_code: string;
  name: string;
  name_ty: string | null;
  classification: string | null;
  game_class: string;
  game_group_code: string;
  default_play_type: string | null;
  min_bet: number;
  lines: Generated<number>;
  rtp_bp: number | null;
  popularity: Generated<number>;
  released_on: string;
  /** A game only this merchant offers (its own fish room); null: every merchant's (migration 075). */
  merchant_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface MerchantSwitchesTable {
  merchant_id: number;
  node_id: number;
  enabled: Generated<boolean>;
  is_hot: Generated<boolean>;
  maintenance: Generated<boolean>;
  sort_order: Generated<number>;
}

// Members (migrations/002_members.sql).
export interface MemberTreeTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  ancestor_id: number;
  descendant_id: number;
  depth: number;
  valid_from: Date;
  valid_to: Date | null;
}

export interface MemberUplineChangesTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  id: Generated<string>;
  member_id: number;
  from_upline: number | null;
  to_upline: number | null;
  reason: string;
  operator_id: number | null;
  at: Timestamp;
}

export interface MembersTable {
  id: Generated<number>;
  merchant_id: number;
  username: string;
  password_hash: string | null;
  type: Generated<number>;
  status: Generated<'active' | 'locked'>;
  locked_reason: string | null;
  nickname: string | null;
  upline_id: number | null;
  affiliate_code: string | null;
  mobile_dialing_code: string | null;
  mobile_number: string | null;
  email: string | null;
  payee_name: string | null;
  qq_num: string | null;
  line: string | null;
  whatsapp: string | null;
  facebook: string | null;
  wechat: string | null;
  id_number: string | null;
  /** The ID number recorded from the approved identity document (normalised; migration 067). */
  verified_id_number: Generated<string | null>;
  payment_password_hash: string | null;
  recommender_id: string | null;
  referral_code: string | null;
  /** 'YYYY-MM-DD' (the `date` type is read as text). */
  birthday: string | null;
  birthday_set_at: Date | null;
  register_url: string | null;
  register_domain: string | null;
  register_method: Generated<string>;
  register_ip: string | null;
  vip_level: Generated<number>;
  club_label: string | null;
  member_labels: Generated<string[]>;
  icon: Generated<number>;
  demo_balance: number | null;
  must_change_password: Generated<boolean>;
  password_changed_at: Date | null;
  login_count: Generated<number>;
  last_login_at: Date | null;
  previous_login_at: Date | null;
  terms_accepted_at: Date | null;
  /** When the mobile / e-mail was proven by a code (only proven contacts link accounts across merchants). */
  mobile_verified_at: Date | null;
  email_verified_at: Date | null;
  created_at: Timestamp;
}

/** A break a member took or was given (migration 066, docs/decisions/047-time-out-and-self-exclusion.md). */
export interface MemberExclusionsTable {
  id: Generated<number>;
  member_id: number;
  merchant_id: number;
  kind: 'timeout' | 'self' | 'family' | 'operator' | 'closure';
  starts_at: Generated<Date>;
  ends_at: Date | null;
  reason: string | null;
  created_by_type: 'member' | 'operator';
  created_by_id: number | null;
  created_by_name: string;
  lift_requested_at: Date | null;
  lifts_at: Date | null;
  lifted_by_name: string | null;
  lift_reason: string | null;
  effects_done_at: Date | null;
  created_at: Generated<Date>;
}

export interface MemberSessionsTable {
  token_hash: Buffer;
  member_id: number;
  merchant_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  ip: string | null;
  revoked_at: Date | null;
  revoked_reason: string | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  merchant_id: number;
  username: string;
  member_id: number | null;
  ip: string;
  at: Timestamp;
  method: 'password' | 'sms' | 'freeplay' | 'register' | 'second_check';
  outcome: 'pending' | 'success' | 'failure' | 'second_check';
  known_ip: Generated<boolean>;
}

export interface MemberKnownIpsTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  member_id: number;
  ip: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface LoginTicketsTable {
  ticket_hash: Buffer;
  member_id: number;
  merchant_id: number;
  ip: string;
  method: string;
  created_at: Timestamp;
  expires_at: Date;
  attempts: Generated<number>;
  consumed_at: Date | null;
}

export interface RegistrationRulesTable {
  merchant_id: number;
  field: string;
  show: boolean;
  required: boolean;
  pattern_id: string;
  min_length: number;
  max_length: number;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  merchant_id: number;
  purpose: 'login' | 'register' | 'reset' | 'second_check' | 'contact';
  destination: string;
  code_hash: Buffer;
  created_at: Timestamp;
  expires_at: Date;
  attempts: Generated<number>;
  consumed_at: Date | null;
  requested_ip: string | null;
  trusted: Generated<boolean>;
}

export interface CaptchasTable {
  id: string;
  merchant_id: number | null;
  answer_hash: Buffer;
  expires_at: Date;
  consumed_at: Date | null;
}

export interface UsedChallengesTable {
  nonce: string;
  expires_at: Date;
}

export interface PasswordResetTokensTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  token_hash: Buffer;
  member_id: number;
  created_at: Timestamp;
  expires_at: Date;
  consumed_at: Date | null;
}

export interface RateCountersTable {
  key: string;
  window_start: Date;
  count: number;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface MessageOutboxTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number | null;
  channel: 'sms' | 'email';
  purpose: string;
  destination: string;
  subject: string | null;
  body: string;
  status: 'sent' | 'failed';
  error: string | null;
  provider_message_id: string | null;
  ip: string | null;
  created_at: Timestamp;
}

/** Content and support tables (migrations/004_content.sql), owned by the content and support modules. */
type Texts<T> = ColumnType<Partial<Record<string, T>>, string, string>;
type Json<T> = ColumnType<T, string, string>;

export interface ContentImagesTable {
  id: string;
  merchant_id: number;
  content_type: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/svg+xml';
  origin: 'upload' | 'seed';
  bytes: Buffer;
  byte_size: number;
  width: number | null;
  height: number | null;
  created_by: number | null;
  created_at: Timestamp;
}

export interface BannersTable {
  id: Generated<number>;
  merchant_id: number;
  group_name: string;
  sort_order: number;
  images: Texts<string>;
  titles: Texts<string>;
  linkage_type: string | null;
  linkage_target: string | null;
  starts_at: Date | null;
  ends_at: Date | null;
  enabled: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface ScheduledTextsTable {
  id: Generated<number>;
  merchant_id: number;
  texts: Texts<{ title: string; content: string }>;
  sort_order: number;
  starts_at: Date | null;
  ends_at: Date | null;
  enabled: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type NoticesTable = ScheduledTextsTable;
export interface AnnouncementsTable extends ScheduledTextsTable {
  type: 'B' | 'PL' | 'PU' | 'PR' | 'H';
  content_group: 'player' | 'banners' | 'popup' | 'promotion' | 'agent';
  platform: 'W';
}

export interface AnnouncementPopupSeenTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  session_key: Buffer;
  announcement_id: number;
  member_id: number;
  seen_at: Timestamp;
}

export interface HelpCategoriesTable {
  id: Generated<number>;
  merchant_id: number;
  texts: Texts<{ name: string }>;
  sort_order: number;
  enabled: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface HelpArticlesTable {
  id: Generated<number>;
  merchant_id: number;
  category_id: number;
  texts: Texts<{ title: string; content: string }>;
  sort_order: number;
  enabled: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PartnersTable {
  id: Generated<number>;
  merchant_id: number;
  kind: 'vendor' | 'payment' | 'provider';
  names: Texts<string>;
  image_id: string;
  url: string | null;
  sort_order: number;
  enabled: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContentSettingsTable {
  merchant_id: number;
  settings: Json<unknown>;
  updated_at: Timestamp;
}

export interface AffiliateApplicationsTable {
  id: Generated<number>;
  merchant_id: number;
  name: string;
  email: string;
  mobile: string;
  contact_type: string;
  contact_id: string;
  traffic_source: string;
  website: string | null;
  message: string;
  language: string;
  status: Generated<'new' | 'contacted' | 'approved' | 'rejected'>;
  operator_note: Generated<string>;
  handled_by: number | null;
  handled_at: Date | null;
  ip: string | null;
  created_at: Timestamp;
}

export interface FeedbackTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  member_account: string;
  question_type: string;
  content: string;
  language: string;
  status: Generated<'open' | 'answered'>;
  answer: string | null;
  answered_by: number | null;
  answered_at: Date | null;
  ip: string | null;
  created_at: Timestamp;
}

export interface FeedbackImagesTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  id: string;
  feedback_id: number;
  position: number;
  content_type: 'image/png' | 'image/jpeg';
  bytes: Buffer;
  byte_size: number;
}

export interface MemberMessagesTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  kind: 'feedback_answer' | 'promotion' | 'points' | 'bonus';
  ref_id: number | null;
  title: string;
  content: string;
  /** A system text (support/system-texts.ts) written in the reader's language; title and content are then ''. */
  text_key: string | null;
  params: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  read_at: Date | null;
  created_at: Timestamp;
}

export interface ChatConversationsTable {
  id: Generated<number>;
  merchant_id: number;
  visitor_kind: 'member' | 'guest';
  member_id: number | null;
  guest_id: string | null;
  visitor_name: string;
  status: Generated<'queued' | 'active' | 'closed'>;
  operator_id: number | null;
  visitor_read_id: Generated<number>;
  operator_read_id: Generated<number>;
  last_message_at: Date | null;
  created_at: Timestamp;
  closed_at: Date | null;
  vip: Generated<boolean>;
}

export interface ChatMessagesTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  id: Generated<number>;
  conversation_id: number;
  sender: 'visitor' | 'operator' | 'system';
  operator_id: number | null;
  body: string;
  event: 'taken' | 'closed' | null;
  client_id: string | null;
  created_at: Timestamp;
}

export interface VendorCredentialsTable {
  vendor_code: string;
  api_secret: string;
  launch_url: string;
  enabled: Generated<boolean>;
  free_round_wins: Generated<boolean>;
  updated_at: Timestamp;
}

export interface GameSessionsTable {
  id: Generated<number>;
  token_hash: Buffer;
  merchant_id: number;
  member_id: number;
  vendor_code: string;
  game_node_id: number;
  nickname: string;
  demo: boolean;
  created_at: Timestamp;
  ended_at: Date | null;
}

export interface VendorTransactionsTable {
  vendor_code: string;
  transaction_id: string;
  kind: 'bet' | 'win' | 'rollback' | 'tombstone';
  merchant_id: number;
  member_id: number;
  session_id: number | null;
  round_id: string;
  game_node_id: number | null;
  amount: number;
  demo: boolean;
  request_hash: Buffer;
  ledger_entry_id: number | null;
  balance_after: number;
  rolled_back: Generated<boolean>;
  free_round: Generated<boolean>;
  created_at: Timestamp;
}

export interface VendorNoncesTable {
  vendor_code: string;
  nonce: string;
  seen_at: Timestamp;
}

export interface DB {
  vendor_credentials: VendorCredentialsTable;
  game_sessions: GameSessionsTable;
  vendor_transactions: VendorTransactionsTable;
  vendor_nonces: VendorNoncesTable;
  content_images: ContentImagesTable;
  banners: BannersTable;
  notices: NoticesTable;
  announcements: AnnouncementsTable;
  announcement_popup_seen: AnnouncementPopupSeenTable;
  help_categories: HelpCategoriesTable;
  help_articles: HelpArticlesTable;
  partners: PartnersTable;
  content_settings: ContentSettingsTable;
  affiliate_applications: AffiliateApplicationsTable;
  feedback: FeedbackTable;
  feedback_images: FeedbackImagesTable;
  member_messages: MemberMessagesTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  game_vendors: GameVendorsTable;
  game_vendor_lines: GameVendorLinesTable;
  games: GamesTable;
  merchant_vendor_lines: MerchantSwitchesTable;
  merchant_games: MerchantSwitchesTable;
  merchants: MerchantsTable;
  merchant_domains: MerchantDomainsTable;
  operators: OperatorsTable;
  operator_merchant_roles: OperatorMerchantRolesTable;
  operator_sessions: OperatorSessionsTable;
  totp_factors: TotpFactorsTable;
  totp_recovery_codes: TotpRecoveryCodesTable;
  operator_devices: OperatorDevicesTable;
  operator_sign_in_attempts: OperatorSignInAttemptsTable;
  operator_sign_in_tickets: OperatorSignInTicketsTable;
  back_office_settings: BackOfficeSettingsTable;
  audit_log: AuditLogTable;
  members: MembersTable;
  member_tree: MemberTreeTable;
  member_upline_changes: MemberUplineChangesTable;
  member_sessions: MemberSessionsTable;
  member_exclusions: MemberExclusionsTable;
  login_attempts: LoginAttemptsTable;
  member_known_ips: MemberKnownIpsTable;
  login_tickets: LoginTicketsTable;
  registration_rules: RegistrationRulesTable;
  verification_codes: VerificationCodesTable;
  captchas: CaptchasTable;
  used_challenges: UsedChallengesTable;
  password_reset_tokens: PasswordResetTokensTable;
  rate_counters: RateCountersTable;
  server_secrets: ServerSecretsTable;
  message_outbox: MessageOutboxTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_balances: LedgerBalancesTable;
  ledger_entries: LedgerEntriesTable;
  ledger_postings: LedgerPostingsTable;
}
