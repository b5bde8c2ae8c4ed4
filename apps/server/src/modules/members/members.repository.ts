import { TRIAL_TYPE } from '@tala/contracts/members';
import { type Insertable, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MembersTable } from '../../db/schema.ts';
import { changes } from '../../lib/change-feed.ts';
import { restrictionOf } from './member-exclusions.repository.ts';
import type { Contact } from './members.service.ts';
import { inTeamNow } from './team-scope.ts';

/** The member columns services read (never the password hashes, which have their own reads). */
const memberColumns = [
  'members.id',
  'members.merchant_id',
  'members.username',
  'members.type',
  'members.status',
  'members.locked_reason',
  'members.nickname',
  'members.upline_id',
  'members.affiliate_code',
  'members.mobile_dialing_code',
  'members.mobile_number',
  'members.email',
  'members.payee_name',
  'members.vip_level',
  'members.club_label',
  'members.member_labels',
  'members.icon',
  'members.demo_balance',
  'members.must_change_password',
  'members.password_changed_at',
  'members.login_count',
  'members.last_login_at',
  'members.previous_login_at',
  'members.created_at',
  'members.birthday',
  'members.birthday_set_at',
] as const;

export type MemberInsert = Insertable<MembersTable>;

/** A member row changed: its cached sessions (which carry the row) and its counts (rank, agent line) go. */
function memberChanged(executor: Database, memberId: number) {
  changes.publish(executor, { on: 'sessions', memberId });
  changes.publish(executor, { on: 'member', memberId });
}

export function membersRepository(db: Database) {
  const members = (executor: Database = db) => executor.selectFrom('members').select(memberColumns);

  return {
    byId(id: number, executor: Database = db) {
      return members(executor).where('members.id', '=', id).executeTakeFirst();
    },

    /** A member of a merchant by username, for the back office's look-ups (type and id only). */
    byUsernameBrief(executor: Database, merchantId: number, username: string) {
      return executor
        .selectFrom('members')
        .select(['id', 'username', 'type'])
        .where('merchant_id', '=', merchantId)
        .where('username', '=', username)
        .executeTakeFirst();
    },

    /** Sets the birthday if none is on file yet; false when one was. */
    async setBirthdayOnce(executor: Database, id: number, birthday: string) {
      const set = await executor
        .updateTable('members')
        .set({ birthday, birthday_set_at: new Date() })
        .where('id', '=', id)
        .where('birthday', 'is', null)
        .executeTakeFirst();
      const changed = Number(set.numUpdatedRows) > 0;
      // The birthday bonus opens on the day: the member's cached row and counts go.
      if (changed) memberChanged(executor, id);
      return changed;
    },

    byUsername(merchantId: number, username: string) {
      return members()
        .select('members.password_hash')
        .where('members.merchant_id', '=', merchantId)
        .where('members.username', '=', username)
        .executeTakeFirst();
    },

    byMobile(merchantId: number, dialingCode: string, number: string) {
      return members()
        .select('members.password_hash')
        .where('members.merchant_id', '=', merchantId)
        .where('members.mobile_dialing_code', '=', dialingCode)
        .where('members.mobile_number', '=', number)
        .executeTakeFirst();
    },

    passwordHash(id: number) {
      return db.selectFrom('members').select('password_hash').where('id', '=', id).executeTakeFirst();
    },

    /** The login and payment password hashes of a member. */
    secrets(id: number) {
      return db
        .selectFrom('members')
        .select(['password_hash', 'payment_password_hash'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The active agent owning an affiliate code in a merchant. */
    agentByAffiliateCode(merchantId: number, code: string) {
      return db
        .selectFrom('members')
        .select(['id', 'username', 'affiliate_code'])
        .where('merchant_id', '=', merchantId)
        .where('affiliate_code', '=', code.toUpperCase())
        .where('type', 'in', [1, 2, 41, 42])
        .where('status', '=', 'active')
        .executeTakeFirst();
    },

    uplineAccount(id: number) {
      return db.selectFrom('members').select('username').where('id', '=', id).executeTakeFirst();
    },

    /** Inserts a member; undefined when the username (or mobile number) is taken in the merchant. */
    async insert(executor: Database, values: MemberInsert) {
      try {
        return await executor.insertInto('members').values(values).returning('id').executeTakeFirstOrThrow();
      } catch (error) {
        const e = error as { code?: string; constraint?: string };
        if (e.code === '23505')
          return { conflict: e.constraint === 'members_mobile' ? 'mobile' : 'username' } as const;
        throw error;
      }
    },

    /** Every change of a member row drops its cached sessions (the guard hands the row to routes) and counts. */
    async update(executor: Database, id: number, values: Partial<Omit<MemberInsert, 'id' | 'merchant_id'>>) {
      const result = await executor.updateTable('members').set(values).where('id', '=', id).execute();
      memberChanged(executor, id);
      return result;
    },

    /** Counts a login on the member and returns the login before it. */
    async recordLogin(executor: Database, id: number) {
      const before = await executor
        .selectFrom('members')
        .select(['login_count', 'last_login_at'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      await executor
        .updateTable('members')
        .set({
          login_count: before.login_count + 1,
          previous_login_at: before.last_login_at,
          last_login_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
      memberChanged(executor, id);
      return before;
    },

    // ------------------------------------------------------------ sessions

    insertSession(
      executor: Database,
      values: { token_hash: Buffer; member_id: number; merchant_id: number; ip: string },
    ) {
      return executor.insertInto('member_sessions').values(values).execute();
    },

    async revokeSessionsOf(executor: Database, memberId: number, reason: string, except?: Buffer) {
      let query = executor
        .updateTable('member_sessions')
        .set({ revoked_at: new Date(), revoked_reason: reason })
        .where('member_id', '=', memberId)
        .where('revoked_at', 'is', null);
      if (except) query = query.where('token_hash', '!=', except);
      const result = await query.execute();
      changes.publish(executor, { on: 'sessions', memberId });
      return result;
    },

    async revokeSession(tokenHash: Buffer, reason: string) {
      const result = await db
        .updateTable('member_sessions')
        .set({ revoked_at: new Date(), revoked_reason: reason })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
      changes.publish(db, { on: 'session', tokenHash: tokenHash.toString('base64') });
      return result;
    },

    session(tokenHash: Buffer) {
      return db
        .selectFrom('member_sessions')
        .innerJoin('members', 'members.id', 'member_sessions.member_id')
        .select(memberColumns)
        .select([
          'member_sessions.merchant_id as session_merchant_id',
          'member_sessions.last_seen_at',
          'member_sessions.revoked_at',
          'member_sessions.revoked_reason',
          // The break that applies now (its own or a linked account's), checked by the member guard.
          restrictionOf(sql.ref<number>('members.id')).as('restriction'),
        ])
        .where('member_sessions.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /** The login time of the member's latest live session (reality checks and the session timer count from it). */
    async liveSessionStart(memberId: number, executor: Database = db) {
      const row = await executor
        .selectFrom('member_sessions')
        .select('created_at')
        .where('member_id', '=', memberId)
        .where('revoked_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.created_at ?? null;
    },

    touchSession(tokenHash: Buffer) {
      return db
        .updateTable('member_sessions')
        .set({ last_seen_at: new Date() })
        .where('token_hash', '=', tokenHash)
        .execute();
    },

    countLiveSessions(memberId: number) {
      return db
        .selectFrom('member_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('member_id', '=', memberId)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
    },

    /** Members registered from an address in the last day. */
    async registrationsFrom(executor: Database, merchantId: number, ip: string) {
      const row = await executor
        .selectFrom('members')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('merchant_id', '=', merchantId)
        .where('register_ip', '=', ip)
        .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    // ------------------------------------------------------------ login history and known addresses

    isKnownIp(memberId: number, ip: string) {
      return db
        .selectFrom('member_known_ips')
        .select('ip')
        .where('member_id', '=', memberId)
        .where('ip', '=', ip)
        .executeTakeFirst();
    },

    hasKnownIps(memberId: number) {
      return db
        .selectFrom('member_known_ips')
        .select('ip')
        .where('member_id', '=', memberId)
        .limit(1)
        .executeTakeFirst();
    },

    rememberIp(executor: Database, memberId: number, ip: string) {
      return executor
        .insertInto('member_known_ips')
        .values({ member_id: memberId, ip })
        .onConflict((oc) => oc.columns(['member_id', 'ip']).doUpdateSet({ last_seen_at: new Date() }))
        .execute();
    },

    knownIps(memberId: number) {
      return db
        .selectFrom('member_known_ips')
        .select(['ip', 'first_seen_at', 'last_seen_at'])
        .where('member_id', '=', memberId)
        .orderBy('last_seen_at', 'desc')
        .limit(50)
        .execute();
    },

    async insertAttempt(
      executor: Database,
      values: {
        merchant_id: number;
        username: string;
        member_id: number | null;
        ip: string;
        method: 'password' | 'sms' | 'freeplay' | 'register' | 'second_check';
        outcome: 'pending' | 'success' | 'failure' | 'second_check';
        known_ip: boolean;
      },
    ) {
      const row = await executor
        .insertInto('login_attempts')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      // A successful sign-in moves the missions' sign-in tasks.
      if (values.member_id !== null && values.outcome === 'success')
        changes.publish(executor, { on: 'member', memberId: values.member_id });
      return row;
    },

    async finishAttempt(id: number, outcome: 'success' | 'failure' | 'second_check') {
      const row = await db
        .updateTable('login_attempts')
        .set({ outcome })
        .where('id', '=', id)
        .returning('member_id')
        .executeTakeFirst();
      if (row?.member_id != null) changes.publish(db, { on: 'member', memberId: row.member_id });
    },

    /** Failed (or still pending) attempts in the last hour: on the account from this address, on the account from
     * addresses it never used, and from this address on any account; with the newest failure of the pair. */
    async failureCounts(executor: Database, merchantId: number, username: string, ip: string) {
      const result = await sql<{
        pair: number;
        pair_failed: number;
        unknown_ips: number;
        from_ip: number;
        last_pair: Date | null;
        oldest_unknown: Date | null;
      }>`
        SELECT
          count(*) FILTER (WHERE merchant_id = ${merchantId} AND username = ${username} AND ip = ${ip})::int AS pair,
          count(*) FILTER (WHERE merchant_id = ${merchantId} AND username = ${username} AND ip = ${ip}
            AND outcome = 'failure')::int AS pair_failed,
          count(*) FILTER (WHERE merchant_id = ${merchantId} AND username = ${username} AND NOT known_ip)::int
            AS unknown_ips,
          count(*) FILTER (WHERE ip = ${ip})::int AS from_ip,
          max(at) FILTER (WHERE merchant_id = ${merchantId} AND username = ${username} AND ip = ${ip}
            AND outcome = 'failure') AS last_pair,
          min(at) FILTER (WHERE merchant_id = ${merchantId} AND username = ${username} AND NOT known_ip)
            AS oldest_unknown
        FROM login_attempts
        WHERE at > now() - interval '1 hour'
          AND outcome IN ('pending', 'failure')
          AND ((merchant_id = ${merchantId} AND username = ${username}) OR ip = ${ip})`.execute(executor);
      const row = result.rows[0];
      return {
        /** Failures and attempts still being checked: what the hourly caps count. */
        pair: row?.pair ?? 0,
        /** Settled failures only: what the captcha and the growing delay answer to. */
        pairFailed: row?.pair_failed ?? 0,
        unknownIps: row?.unknown_ips ?? 0,
        fromIp: row?.from_ip ?? 0,
        lastPair: row?.last_pair ?? null,
        oldestUnknown: row?.oldest_unknown ?? null,
      };
    },

    /** The days (in the time zone) with a successful sign-in of the member in [from, to): the missions' logins. */
    async signInDays(memberId: number, from: Date, to: Date, timeZone: string) {
      const rows = await db
        .selectFrom('login_attempts')
        .select(sql<string>`to_char(at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`.as('day'))
        .distinct()
        .where('member_id', '=', memberId)
        .where('outcome', '=', 'success')
        .where('at', '>=', from)
        .where('at', '<', to)
        .execute();
      return rows.map((r) => r.day);
    },

    loginHistory(memberId: number, limit = 100) {
      return db
        .selectFrom('login_attempts')
        .select(['at', 'ip', 'method', 'outcome'])
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Another member of the merchant holding this mobile number or e-mail address, if any. */
    contactHolder(executor: Database, merchantId: number, contact: Contact, exceptId: number) {
      let query = executor
        .selectFrom('members')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('id', '<>', exceptId);
      query =
        contact.channel === 'sms'
          ? query
              .where('mobile_dialing_code', '=', contact.dialingCode)
              .where('mobile_number', '=', contact.number)
          : query.where('email', '=', contact.destination);
      return query.executeTakeFirst();
    },

    // ------------------------------------------------------------ second-check tickets

    insertTicket(values: {
      ticket_hash: Buffer;
      member_id: number;
      merchant_id: number;
      ip: string;
      method: string;
      expires_at: Date;
    }) {
      return db.insertInto('login_tickets').values(values).execute();
    },

    ticket(ticketHash: Buffer) {
      return db
        .selectFrom('login_tickets')
        .select(['member_id', 'merchant_id', 'ip', 'method', 'expires_at', 'attempts', 'consumed_at'])
        .where('ticket_hash', '=', ticketHash)
        .executeTakeFirst();
    },

    countTicketAttempt(ticketHash: Buffer) {
      return db
        .updateTable('login_tickets')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('ticket_hash', '=', ticketHash)
        .execute();
    },

    async consumeTicket(executor: Database, ticketHash: Buffer): Promise<boolean> {
      const result = await executor
        .updateTable('login_tickets')
        .set({ consumed_at: new Date() })
        .where('ticket_hash', '=', ticketHash)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    // ------------------------------------------------------------ registration rules

    rules(merchantId: number) {
      return db
        .selectFrom('registration_rules')
        .select(['field', 'show', 'required', 'pattern_id', 'min_length', 'max_length'])
        .where('merchant_id', '=', merchantId)
        .execute();
    },

    async replaceRules(
      executor: Database,
      merchantId: number,
      rows: {
        field: string;
        show: boolean;
        required: boolean;
        pattern_id: string;
        min_length: number;
        max_length: number;
      }[],
    ) {
      await executor.deleteFrom('registration_rules').where('merchant_id', '=', merchantId).execute();
      await executor
        .insertInto('registration_rules')
        .values(rows.map((r) => ({ ...r, merchant_id: merchantId })))
        .execute();
    },

    // ------------------------------------------------------------ password reset links

    insertResetToken(values: { token_hash: Buffer; member_id: number; expires_at: Date }) {
      return db.insertInto('password_reset_tokens').values(values).execute();
    },

    resetToken(executor: Database, tokenHash: Buffer) {
      return executor
        .selectFrom('password_reset_tokens')
        .select(['member_id', 'expires_at', 'consumed_at'])
        .where('token_hash', '=', tokenHash)
        .forUpdate()
        .executeTakeFirst();
    },

    consumeResetToken(executor: Database, tokenHash: Buffer) {
      return executor
        .updateTable('password_reset_tokens')
        .set({ consumed_at: new Date() })
        .where('token_hash', '=', tokenHash)
        .execute();
    },

    // ------------------------------------------------------------ for other modules (payments)

    byAccount(merchantId: number, username: string, executor: Database = db) {
      return members(executor)
        .where('members.merchant_id', '=', merchantId)
        .where('members.username', '=', username)
        .executeTakeFirst();
    },

    usernames(ids: number[]) {
      return db.selectFrom('members').select(['id', 'username']).where('id', 'in', ids).execute();
    },

    async eligible(merchantId: number, ids: number[], rule: { minVipLevel: number; agentId: number | null }) {
      const rows = await db
        .selectFrom('members')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where(sql<boolean>`id = ANY(${ids}::int[])`)
        .where('type', '<>', TRIAL_TYPE)
        .where('vip_level', '>=', rule.minVipLevel)
        .$if(rule.agentId !== null, (q) => q.where(inTeamNow(rule.agentId as number, sql.ref('members.id'))))
        .execute();
      return rows.map((r) => r.id);
    },

    /** How many levels below the agent the member is now (member_tree), or null when not in its downline. */
    async downlineDepth(agentId: number, memberId: number, executor: Database = db): Promise<number | null> {
      const row = await executor
        .selectFrom('member_tree')
        .select('depth')
        .where('ancestor_id', '=', agentId)
        .where('descendant_id', '=', memberId)
        .where('valid_to', 'is', null)
        .where('depth', '>', 0)
        .executeTakeFirst();
      return row?.depth ?? null;
    },

    /** The agent's downline now, at every level, matching a username filter; nearest levels first. */
    async downline(agentId: number, query: string | undefined, limit: number) {
      const like = query ? `%${query.toLowerCase().replace(/[%_\\]/g, '\\$&')}%` : '%';
      return db
        .selectFrom('member_tree as t')
        .innerJoin('members as m', 'm.id', 't.descendant_id')
        .select(['m.username', 'm.nickname', 't.depth as level'])
        .where('t.ancestor_id', '=', agentId)
        .where('t.valid_to', 'is', null)
        .where('t.depth', '>', 0)
        .where('m.username', 'like', like)
        .orderBy('t.depth')
        .orderBy('m.username')
        .limit(limit)
        .execute();
    },

    /** A member's direct downline now (first 200 by username), each with its own downline's size, and the total. */
    async directDownline(memberId: number) {
      const direct = await db
        .selectFrom('members as m')
        .select((eb) => [
          'm.id',
          'm.username',
          'm.type',
          'm.status',
          eb
            .selectFrom('member_tree as t')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('t.ancestor_id', '=', 'm.id')
            .where('t.valid_to', 'is', null)
            .where('t.depth', '>', 0)
            .as('downline'),
        ])
        .where('m.upline_id', '=', memberId)
        .orderBy('m.username')
        .limit(200)
        .execute();
      const total = await db
        .selectFrom('member_tree')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ancestor_id', '=', memberId)
        .where('valid_to', 'is', null)
        .where('depth', '>', 0)
        .executeTakeFirstOrThrow();
      return {
        total: Number(total.n),
        direct: direct.map((d) => ({
          id: d.id,
          username: d.username,
          type: d.type,
          status: d.status,
          downline: Number(d.downline ?? 0),
        })),
      };
    },

    /** The size of an agent's team now: everyone below it, and those directly below (kept by the tree: migration 092). */
    async teamCounts(agentId: number) {
      const { rows } = await sql<{ team_size: number; direct_size: number }>`
        SELECT team_size, direct_size FROM team_sizes WHERE agent_id = ${agentId}`.execute(db);
      return { teamSize: Number(rows[0]?.team_size ?? 0), directSize: Number(rows[0]?.direct_size ?? 0) };
    },

    /** Members who registered in the range, per agent they were below then (the agents' daily rollups). */
    async newByUpline(merchantId: number, range: { from: Date; to: Date }) {
      const rows = await db
        .selectFrom('member_tree as t')
        .innerJoin('members as m', 'm.id', 't.descendant_id')
        .select((eb) => ['t.ancestor_id', eb.fn.countAll<number>().as('n')])
        .where('m.merchant_id', '=', merchantId)
        .where('t.depth', '>', 0)
        .where('m.created_at', '>=', range.from)
        .where('m.created_at', '<', range.to)
        .whereRef('t.valid_from', '<=', 'm.created_at')
        .where((eb) => eb.or([eb('t.valid_to', 'is', null), eb('t.valid_to', '>', eb.ref('m.created_at'))]))
        .groupBy('t.ancestor_id')
        .execute();
      return rows.map((r) => ({ agentId: r.ancestor_id, newMembers: Number(r.n) }));
    },

    /** A page of an agent's team now (direct or every level), by level then account name. */
    async teamPage(
      agentId: number,
      query: { direct: boolean; q: string | undefined; limit: number; offset: number },
    ) {
      const like = query.q ? `%${query.q.toLowerCase().replace(/[%_\\]/g, '\\$&')}%` : '%';
      const base = db
        .selectFrom('member_tree as t')
        .innerJoin('members as m', 'm.id', 't.descendant_id')
        .where('t.ancestor_id', '=', agentId)
        .where('t.valid_to', 'is', null)
        .$if(query.direct, (q) => q.where('t.depth', '=', 1))
        .$if(!query.direct, (q) => q.where('t.depth', '>', 0))
        .where('m.username', 'like', like);
      const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .select((eb) => [
          'm.id',
          'm.username',
          'm.nickname',
          'm.type',
          'm.status',
          'm.created_at',
          'm.last_login_at',
          't.depth',
          eb
            .selectFrom('member_tree as d')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('d.ancestor_id', '=', 'm.id')
            .where('d.valid_to', 'is', null)
            .where('d.depth', '>', 0)
            .as('downline'),
        ])
        .orderBy('t.depth')
        .orderBy('m.username')
        .limit(query.limit)
        .offset(query.offset)
        .execute();
      return { total: Number(total.n), rows };
    },

    /** Gives an agent an affiliate code when it has none (outside any transaction: a clash is retried). */
    async ensureAffiliateCode(memberId: number, fresh: () => string): Promise<string> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const row = await db
          .updateTable('members')
          .set({ affiliate_code: sql`COALESCE(affiliate_code, ${fresh()})` })
          .where('id', '=', memberId)
          .returning('affiliate_code')
          .executeTakeFirst()
          .catch((error: { code?: string }) => {
            if (error.code === '23505') return undefined;
            throw error;
          });
        if (row?.affiliate_code) {
          memberChanged(db, memberId);
          return row.affiliate_code;
        }
      }
      throw new Error('no free affiliate code after 5 attempts');
    },

    /** The ids in an agent's downline as it was at a time (reports by period show the tree as it was). */
    async downlineAt(agentId: number, at: Date) {
      const rows = await db
        .selectFrom('member_tree')
        .select(['descendant_id', 'depth'])
        .where('ancestor_id', '=', agentId)
        .where('depth', '>', 0)
        .where('valid_from', '<=', at)
        .where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>', at)]))
        .orderBy('depth')
        .orderBy('descendant_id')
        .execute();
      return rows.map((r) => ({ memberId: r.descendant_id, depth: r.depth }));
    },

    async setUpline(executor: Database, memberId: number, uplineId: number) {
      const row = await executor
        .updateTable('members')
        .set({ upline_id: uplineId })
        .where('id', '=', memberId)
        .returning('merchant_id')
        .executeTakeFirst();
      memberChanged(executor, memberId);
      // Promotions open to an agent's line count for the whole downline that moved with the member.
      if (row) changes.publish(executor, { on: 'merchant', merchantId: row.merchant_id });
    },

    async insertUplineChange(
      executor: Database,
      values: {
        member_id: number;
        from_upline: number | null;
        to_upline: number;
        reason: string;
        operator_id: number;
      },
    ) {
      await executor.insertInto('member_upline_changes').values(values).execute();
    },

    // ------------------------------------------------------------ back office

    async list(query: {
      pageNo: number;
      pageSize: number;
      /** The merchants' codes (the list's merchant filter), or every merchant. */
      merchantCode?: readonly string[] | undefined;
      q?: string | undefined;
      status?: 'active' | 'locked' | undefined;
      type?: number | undefined;
      registeredFrom?: string | undefined;
      registeredTo?: string | undefined;
      /** Leave out trial (free-play) members. */
      realOnly?: boolean | undefined;
    }) {
      let base = db
        .selectFrom('members')
        .innerJoin('merchants', 'merchants.id', 'members.merchant_id')
        .leftJoin('members as upline', 'upline.id', 'members.upline_id');
      if (query.merchantCode) base = base.where('merchants.code', 'in', query.merchantCode);
      if (query.status) base = base.where('members.status', '=', query.status);
      if (query.type !== undefined) base = base.where('members.type', '=', query.type);
      if (query.realOnly) base = base.where('members.type', '<>', TRIAL_TYPE);
      if (query.registeredFrom) base = base.where('members.created_at', '>=', new Date(query.registeredFrom));
      if (query.registeredTo) base = base.where('members.created_at', '<', new Date(query.registeredTo));
      if (query.q) {
        const like = `%${query.q.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;
        base = base.where((eb) =>
          eb.or([
            eb('members.username', 'like', like),
            eb(eb.fn('lower', ['members.nickname']), 'like', like),
            eb('members.mobile_number', 'like', like),
            eb(eb.fn('lower', ['members.email']), 'like', like),
            eb(eb.fn('lower', ['members.payee_name']), 'like', like),
          ]),
        );
      }
      const { total } = await base
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .select(memberColumns)
        .select(['merchants.code as merchant_code', 'upline.username as upline_username'])
        .select((eb) =>
          eb
            .selectFrom('login_attempts')
            .select('login_attempts.ip')
            .whereRef('login_attempts.member_id', '=', 'members.id')
            .where('login_attempts.outcome', '=', 'success')
            .orderBy('login_attempts.id', 'desc')
            .limit(1)
            .as('last_login_ip'),
        )
        .orderBy('members.id', 'desc')
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize)
        .execute();
      return { total: Number(total), rows };
    },

    detail(id: number) {
      return db
        .selectFrom('members')
        .innerJoin('merchants', 'merchants.id', 'members.merchant_id')
        .leftJoin('members as upline', 'upline.id', 'members.upline_id')
        .select(memberColumns)
        .select([
          'merchants.code as merchant_code',
          'upline.username as upline_username',
          'members.register_ip',
          'members.register_url',
          'members.register_domain',
          'members.register_method',
          'members.referral_code',
          'members.recommender_id',
          'members.qq_num',
          'members.line',
          'members.whatsapp',
          'members.facebook',
          'members.wechat',
          'members.id_number',
        ])
        .where('members.id', '=', id)
        .executeTakeFirst();
    },

    lockRow(executor: Database, id: number) {
      return executor
        .selectFrom('members')
        .innerJoin('merchants', 'merchants.id', 'members.merchant_id')
        .select([
          'members.id',
          'members.username',
          'members.status',
          'members.merchant_id',
          'members.type',
          'members.locked_reason',
          'members.upline_id',
        ])
        .where('members.id', '=', id)
        .forUpdate('members')
        .executeTakeFirst();
    },
  };
}

export type MembersRepository = ReturnType<typeof membersRepository>;
export type MemberRow = NonNullable<Awaited<ReturnType<MembersRepository['byId']>>>;
