import type { Database } from '../../db/database.ts';

const IDLE_MINUTES = 60;

export function operatorsRepository(db: Database) {
  return {
    byUsername(username: string) {
      return db
        .selectFrom('operators')
        .select(['id', 'username', 'password_hash', 'role', 'disabled'])
        .where('username', '=', username)
        .executeTakeFirst();
    },

    list() {
      return db
        .selectFrom('operators')
        .select(['id', 'username', 'role', 'disabled', 'created_at'])
        .orderBy('id')
        .execute();
    },

    byId(executor: Database, id: number, lock = false) {
      let query = executor
        .selectFrom('operators')
        .select(['id', 'username', 'role', 'disabled', 'created_at'])
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
      values: { username: string; password_hash: string; role: 'owner' | 'finance' | 'support' | 'content' },
    ) {
      return executor
        .insertInto('operators')
        .values(values)
        .onConflict((oc) => oc.column('username').doNothing())
        .returning(['id', 'username', 'role', 'disabled', 'created_at'])
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
        .returning(['operators.id', 'operators.username', 'operators.role'])
        .executeTakeFirst();
      return row;
    },

    revokeSession(executor: Database, tokenHash: Buffer) {
      return executor
        .updateTable('operator_sessions')
        .set({ revoked_at: new Date() })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}
