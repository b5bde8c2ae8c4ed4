import type { Operator, OperatorRole } from '@tala/contracts/admin';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

const IDLE_MINUTES = 60;

export function operatorsRepository(db: Database) {
  return {
    byUsername(username: string) {
      return db
        .selectFrom('operators')
        .select(['id', 'username', 'password_hash', 'role', 'platform', 'disabled'])
        .where('username', '=', username)
        .executeTakeFirst();
    },

    list() {
      return db
        .selectFrom('operators')
        .leftJoin('totp_factors', 'totp_factors.operator_id', 'operators.id')
        .select([
          'operators.id',
          'operators.username',
          'operators.role',
          'operators.platform',
          'operators.disabled',
          'operators.created_at',
          sql<boolean>`totp_factors.confirmed_at IS NOT NULL`.as('two_factor'),
        ])
        .orderBy('operators.id')
        .execute();
    },

    byId(executor: Database, id: number, lock = false) {
      let query = executor
        .selectFrom('operators')
        .select(['id', 'username', 'role', 'platform', 'disabled', 'created_at'])
        .where('id', '=', id);
      if (lock) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    setDisabled(executor: Database, id: number, disabled: boolean) {
      return executor.updateTable('operators').set({ disabled }).where('id', '=', id).execute();
    },

    /** Ends every live session of an operator (on disabling: the account is out at once, not at the next check). */
    revokeSessionsOf(executor: Database, operatorId: number) {
      return executor
        .updateTable('operator_sessions')
        .set({ revoked_at: new Date() })
        .where('operator_id', '=', operatorId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    insert(
      executor: Database,
      values: {
        username: string;
        password_hash: string;
        role: 'owner' | 'finance' | 'support' | 'content';
        platform?: boolean;
      },
    ) {
      return executor
        .insertInto('operators')
        .values(values)
        .onConflict((oc) => oc.column('username').doNothing())
        .returning(['id', 'username', 'role', 'platform', 'disabled', 'created_at'])
        .executeTakeFirst();
    },

    insertSession(executor: Database, values: { token_hash: Buffer; operator_id: number; ip: string }) {
      return executor.insertInto('operator_sessions').values(values).execute();
    },

    /** The live session's operator, touching its last-seen time; undefined when revoked, idle too long or unknown. */
    async touchSession(tokenHash: Buffer) {
      const row = await db
        .updateTable('operator_sessions')
        .set({ last_seen_at: new Date() })
        .from('operators')
        .whereRef('operators.id', '=', 'operator_sessions.operator_id')
        .where('operator_sessions.token_hash', '=', tokenHash)
        .where('operator_sessions.revoked_at', 'is', null)
        .where('operators.disabled', '=', false)
        .where('operator_sessions.last_seen_at', '>', new Date(Date.now() - IDLE_MINUTES * 60_000))
        .returning(['operators.id', 'operators.username', 'operators.role', 'operators.platform'])
        .executeTakeFirst();
      return row;
    },

    /** The merchants a (non-platform) operator acts on, each with its role there. */
    merchantRoles(executor: Database, operatorIds: number[]) {
      if (operatorIds.length === 0) return Promise.resolve([]);
      return executor
        .selectFrom('operator_merchant_roles')
        .innerJoin('merchants', 'merchants.id', 'operator_merchant_roles.merchant_id')
        .select([
          'operator_merchant_roles.operator_id',
          'merchants.code as merchantCode',
          'operator_merchant_roles.role',
        ])
        .where('operator_merchant_roles.operator_id', 'in', operatorIds)
        .orderBy('merchants.id')
        .execute();
    },

    /** The operator as the API shows it: with its merchant roles when it is not a platform operator. */
    async operatorOf(
      executor: Database,
      row: { id: number; username: string; role: OperatorRole; platform: boolean },
    ): Promise<Operator> {
      const merchantRoles = row.platform
        ? []
        : (await this.merchantRoles(executor, [row.id])).map((r) => ({
            merchantCode: r.merchantCode,
            role: r.role,
          }));
      return { id: row.id, username: row.username, role: row.role, platform: row.platform, merchantRoles };
    },

    /** The ids of merchants by code (the ones that exist). */
    merchantIds(executor: Database, codes: string[]) {
      if (codes.length === 0) return Promise.resolve([]);
      return executor.selectFrom('merchants').select(['id', 'code']).where('code', 'in', codes).execute();
    },

    /** Replaces an operator's merchant roles (merchant ids). */
    async setMerchantRoles(
      executor: Database,
      operatorId: number,
      roles: { merchantId: number; role: OperatorRole }[],
    ) {
      await executor.deleteFrom('operator_merchant_roles').where('operator_id', '=', operatorId).execute();
      if (roles.length === 0) return;
      await executor
        .insertInto('operator_merchant_roles')
        .values(roles.map((r) => ({ operator_id: operatorId, merchant_id: r.merchantId, role: r.role })))
        .execute();
    },

    revokeSession(executor: Database, tokenHash: Buffer) {
      return executor
        .updateTable('operator_sessions')
        .set({ revoked_at: new Date() })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
    },

    // ------------------------------------------------------------ sign-in limits

    /**
     * Counts of the last hour for the sign-in limits; a pending attempt counts as a failure until it is settled, so
     * parallel attempts cannot overshoot a limit.
     */
    async attemptCounts(executor: Database, username: string, ip: string) {
      const result = await sql<{
        from_ip: number;
        pair_failed: number;
        last_pair: Date | null;
        unknown_failed: number;
      }>`
        SELECT
          count(*) FILTER (WHERE ip = ${ip} AND outcome IN ('failure', 'pending'))::int AS from_ip,
          count(*) FILTER (WHERE username = ${username} AND ip = ${ip} AND outcome IN ('failure', 'pending'))::int
            AS pair_failed,
          max(at) FILTER (WHERE username = ${username} AND ip = ${ip} AND outcome IN ('failure', 'pending'))
            AS last_pair,
          count(*) FILTER (WHERE username = ${username} AND NOT known AND outcome IN ('failure', 'pending'))::int
            AS unknown_failed
        FROM operator_sign_in_attempts
        WHERE at > now() - interval '1 hour' AND (ip = ${ip} OR username = ${username})`.execute(executor);
      const row = result.rows[0];
      return {
        fromIp: row?.from_ip ?? 0,
        pairFailed: row?.pair_failed ?? 0,
        lastPair: row?.last_pair ? new Date(row.last_pair) : null,
        unknownFailed: row?.unknown_failed ?? 0,
      };
    },

    async insertAttempt(
      executor: Database,
      values: { username: string; operator_id: number | null; ip: string; known: boolean },
    ) {
      return executor
        .insertInto('operator_sign_in_attempts')
        .values({ ...values, outcome: 'pending' })
        .returning('id')
        .executeTakeFirstOrThrow();
    },

    async finishAttempt(id: string, outcome: 'success' | 'failure' | 'second_step') {
      await db.updateTable('operator_sign_in_attempts').set({ outcome }).where('id', '=', id).execute();
    },

    /** Whether the operator signed in from this address before. */
    async knownAddress(operatorId: number, ip: string) {
      const row = await db
        .selectFrom('operator_sessions')
        .select('ip')
        .where('operator_id', '=', operatorId)
        .where('ip', '=', ip)
        .limit(1)
        .executeTakeFirst();
      return Boolean(row);
    },

    // ------------------------------------------------------------ remembered browsers and enrolment tickets

    insertDevice(executor: Database, values: { token_hash: Buffer; operator_id: number; expires_at: Date }) {
      return executor.insertInto('operator_devices').values(values).execute();
    },

    /** Whether one of the tokens is a live remembered browser of this operator. */
    async validDevice(operatorId: number, tokenHashes: Buffer[]) {
      const row = await db
        .selectFrom('operator_devices')
        .select('operator_id')
        .where('token_hash', 'in', tokenHashes)
        .where('operator_id', '=', operatorId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
      return Boolean(row);
    },

    revokeDevicesOf(executor: Database, operatorId: number) {
      return executor
        .updateTable('operator_devices')
        .set({ revoked_at: new Date() })
        .where('operator_id', '=', operatorId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    insertTicket(executor: Database, values: { token_hash: Buffer; operator_id: number; expires_at: Date }) {
      return executor.insertInto('operator_sign_in_tickets').values(values).execute();
    },

    /** Uses up a live ticket; its operator, or undefined when unknown, used or expired. */
    async useTicket(executor: Database, tokenHash: Buffer) {
      const row = await executor
        .updateTable('operator_sign_in_tickets')
        .set({ used_at: new Date() })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returning('operator_id')
        .executeTakeFirst();
      return row?.operator_id;
    },

    // ------------------------------------------------------------ back-office settings

    async requiredRoles(executor: Database = db): Promise<OperatorRole[]> {
      const row = await executor
        .selectFrom('back_office_settings')
        .select('totp_required_roles')
        .executeTakeFirstOrThrow();
      return row.totp_required_roles as OperatorRole[];
    },

    async setRequiredRoles(executor: Database, roles: OperatorRole[]) {
      await executor
        .updateTable('back_office_settings')
        .set({ totp_required_roles: roles, updated_at: new Date() })
        .execute();
    },

    /** Locks the settings row, for a read-then-write. */
    async lockSettings(executor: Database) {
      await executor.selectFrom('back_office_settings').select('only_row').forUpdate().execute();
    },
  };
}
