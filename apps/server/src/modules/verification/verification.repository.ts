import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

export function verificationRepository(db: Database) {
  return {
    /** A server-held secret, created by whichever process asks first. */
    async secret(name: string): Promise<string> {
      await db
        .insertInto('server_secrets')
        .values({ name, value: crypto.randomBytes(32).toString('base64url') })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db
        .selectFrom('server_secrets')
        .select('value')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return row.value;
    },

    /** Adds one to a fixed-window counter and returns the new count (atomic across processes). */
    async hit(executor: Database, key: string, windowSeconds: number): Promise<number> {
      const result = await sql<{ count: number }>`
        INSERT INTO rate_counters (key, window_start, count)
        VALUES (${key}, to_timestamp(floor(extract(epoch FROM now()) / ${windowSeconds}) * ${windowSeconds}), 1)
        ON CONFLICT (key, window_start) DO UPDATE SET count = rate_counters.count + 1
        RETURNING count`.execute(executor);
      return result.rows[0]?.count ?? 1;
    },

    /** The current count of a fixed-window counter, without adding to it. */
    async count(executor: Database, key: string, windowSeconds: number): Promise<number> {
      const result = await sql<{ count: number }>`
        SELECT count FROM rate_counters
        WHERE key = ${key}
          AND window_start = to_timestamp(floor(extract(epoch FROM now()) / ${windowSeconds}) * ${windowSeconds})`.execute(
        executor,
      );
      return Number(result.rows[0]?.count ?? 0);
    },

    /** Serialises the callers of one key until the transaction ends. */
    async lock(executor: Database, key: string) {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(executor);
    },

    /**
     * The codes of a destination in the last day that count against a requester: those this address asked for
     * (newest first, for its waits) and, in the last hour, how many any stranger asked for (the destination's budget).
     */
    async recentCodes(executor: Database, merchantId: number, destination: string, ip: string) {
      const fromIp = await executor
        .selectFrom('verification_codes')
        .select(['created_at'])
        .where('merchant_id', '=', merchantId)
        .where('destination', '=', destination)
        .where('requested_ip', '=', ip)
        .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
        .orderBy('created_at', 'desc')
        .execute();
      const untrusted = await executor
        .selectFrom('verification_codes')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('merchant_id', '=', merchantId)
        .where('destination', '=', destination)
        .where('trusted', '=', false)
        .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
        .executeTakeFirstOrThrow();
      return { fromIp, untrustedLastHour: Number(untrusted.count) };
    },

    async insertCode(
      executor: Database,
      values: {
        merchant_id: number;
        purpose: 'login' | 'register' | 'reset' | 'second_check' | 'contact';
        destination: string;
        code_hash: Buffer;
        expires_at: Date;
        requested_ip: string;
        trusted: boolean;
      },
    ) {
      await executor.insertInto('verification_codes').values(values).execute();
    },

    /**
     * The codes of a purpose and destination still open to a try (unused, unexpired, under the wrong-try limit),
     * locked; and whether an expired one exists, for the message.
     */
    liveCodes(
      executor: Database,
      merchantId: number,
      purpose: 'login' | 'register' | 'reset' | 'second_check' | 'contact',
      destination: string,
      maxTries: number,
    ) {
      return executor
        .selectFrom('verification_codes')
        .select(['id', 'code_hash', 'expires_at'])
        .where('merchant_id', '=', merchantId)
        .where('purpose', '=', purpose)
        .where('destination', '=', destination)
        .where('consumed_at', 'is', null)
        .where('attempts', '<', maxTries)
        .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
        .orderBy('id', 'desc')
        .forUpdate()
        .execute();
    },

    /** Counts a wrong try against codes (every live code of the destination: a guess is a guess at each). */
    async countAttempt(executor: Database, ids: number[]) {
      if (ids.length === 0) return;
      await executor
        .updateTable('verification_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', ids)
        .execute();
    },

    /** Marks a code used; false when it was used already (a concurrent use won). */
    async consumeCode(executor: Database, id: number): Promise<boolean> {
      const result = await executor
        .updateTable('verification_codes')
        .set({ consumed_at: new Date() })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async insertCaptcha(values: {
      id: string;
      merchant_id: number | null;
      answer_hash: Buffer;
      expires_at: Date;
    }) {
      await db.insertInto('captchas').values(values).execute();
    },

    /** Uses up a captcha whatever the answer (single use); its stored answer, or undefined when unknown or expired. */
    async consumeCaptcha(id: string, merchantId: number | null) {
      return db
        .updateTable('captchas')
        .set({ consumed_at: new Date() })
        .where('id', '=', id)
        .where('merchant_id', merchantId === null ? 'is' : '=', merchantId)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returning('answer_hash')
        .executeTakeFirst();
    },

    /** Records a solved challenge; false when it was solved before (a replay). */
    async useChallenge(nonce: string, expiresAt: Date): Promise<boolean> {
      const row = await db
        .insertInto('used_challenges')
        .values({ nonce, expires_at: expiresAt })
        .onConflict((oc) => oc.column('nonce').doNothing())
        .returning('nonce')
        .executeTakeFirst();
      return row !== undefined;
    },

    async purgeExpired() {
      await db.deleteFrom('used_challenges').where('expires_at', '<', new Date()).execute();
      await db
        .deleteFrom('captchas')
        .where('expires_at', '<', new Date(Date.now() - 3600_000))
        .execute();
      // Codes older than the one-day backoff window are of no further use.
      await db
        .deleteFrom('verification_codes')
        .where('created_at', '<', new Date(Date.now() - 2 * 86_400_000))
        .execute();
      await db
        .deleteFrom('rate_counters')
        .where('window_start', '<', new Date(Date.now() - 3 * 86_400_000))
        .execute();
    },
  };
}
