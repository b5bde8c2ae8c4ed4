import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { hashToken } from '../../lib/tokens.ts';

/** Whose factor: an operator's (back office) or a member's (the site's "Google verification"). */
export type FactorHolder = { operatorId: number } | { memberId: number };

/** What an authenticator app needs to enrol: the key, the otpauth:// address and that address as a QR image. */
export type Enrolment = { secret: string; uri: string; qr: string };

const PERIOD_SECONDS = 30;
/** Codes of the step before and after the current one are accepted too (phone clocks drift). */
const WINDOW = 1;
const RECOVERY_CODES = 10;
/** Letters and digits no one misreads (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function totpOf(secret: string, issuer = 'Tala', label = 'account') {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The current code of a key: for the demo's published keys and for tests. */
export function currentCode(secret: string, at = Date.now()): string {
  return totpOf(secret).generate({ timestamp: at });
}

function recoveryCode(): string {
  const chars = Array.from(
    { length: 12 },
    () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)],
  );
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
function normalRecovery(text: string) {
  return text.toLowerCase().replace(/[\s-]/g, '');
}

/**
 * Time-based one-time passwords (RFC 6238) from an authenticator app, for operators and members: enrolment with a QR
 * image, confirmation by a first code, single-use recovery codes, and checks that never accept one code twice.
 * docs/decisions/031-second-factor.md.
 */
export function totpService(db: Database) {
  const holderColumn = (holder: FactorHolder) =>
    'operatorId' in holder
      ? (['operator_id', holder.operatorId] as const)
      : (['member_id', holder.memberId] as const);

  function factorOf(executor: Database, holder: FactorHolder, lock = false) {
    const [column, id] = holderColumn(holder);
    let query = executor
      .selectFrom('totp_factors')
      .select(['id', 'secret', 'confirmed_at', 'last_step'])
      .where(column, '=', id);
    if (lock) query = query.forUpdate();
    return query.executeTakeFirst();
  }

  // Recovery codes are 60 random bits, single use, and only stand in for the second factor: a plain SHA-256, like
  // session tokens (an HMAC would read its key through another connection, which PGlite's one cannot give).
  const recoveryHash = (code: string) => hashToken(`totp-recovery:${normalRecovery(code)}`);

  async function newRecoveryCodes(executor: Database, factorId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
    await executor.deleteFrom('totp_recovery_codes').where('factor_id', '=', factorId).execute();
    const rows = codes.map((code) => ({ factor_id: factorId, code_hash: recoveryHash(code) }));
    await executor.insertInto('totp_recovery_codes').values(rows).execute();
    return codes;
  }

  const service = {
    /** Whether the holder has a confirmed factor, and how many unused recovery codes are left. */
    async status(holder: FactorHolder): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
      const factor = await factorOf(db, holder);
      if (!factor?.confirmed_at) return { enabled: false, recoveryCodesLeft: 0 };
      const row = await db
        .selectFrom('totp_recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('left'))
        .where('factor_id', '=', factor.id)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return { enabled: true, recoveryCodesLeft: Number(row.left) };
    },

    /**
     * Starts (or restarts) an enrolment: a new key, pending until its first code is confirmed. totp_already_enabled
     * when the holder has a confirmed factor (it must be turned off first).
     */
    async start(
      executor: Database,
      holder: FactorHolder,
      names: { issuer: string; label: string },
    ): Promise<Enrolment> {
      const existing = await factorOf(executor, holder, true);
      if (existing?.confirmed_at) throw new AppError('totp_already_enabled');
      const secret = new Secret({ size: 20 }).base32;
      const [column, id] = holderColumn(holder);
      if (existing) {
        await executor
          .updateTable('totp_factors')
          .set({ secret, last_step: 0 })
          .where('id', '=', existing.id)
          .execute();
      } else {
        await executor
          .insertInto('totp_factors')
          .values({ [column]: id, secret })
          .execute();
      }
      const uri = totpOf(secret, names.issuer, names.label).toString();
      const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },

    /**
     * Confirms a pending enrolment with a code from the app and answers the recovery codes, shown once.
     * totp_not_started without a pending enrolment, totp_invalid for a wrong code.
     */
    async confirm(executor: Database, holder: FactorHolder, code: string): Promise<string[]> {
      const factor = await factorOf(executor, holder, true);
      if (!factor || factor.confirmed_at) throw new AppError('totp_not_started', 'code');
      const step = acceptedStep(factor.secret, code, Number(factor.last_step));
      if (step === null) throw new AppError('totp_invalid', 'code');
      await executor
        .updateTable('totp_factors')
        .set({ confirmed_at: new Date(), last_step: step })
        .where('id', '=', factor.id)
        .execute();
      return newRecoveryCodes(executor, factor.id);
    },

    /**
     * Checks a code of the holder's confirmed factor, in the caller's transaction: a six-digit code from the app
     * (each accepted once) or an unused recovery code (used up). 'totp' or 'recovery'; null when wrong or no factor.
     */
    async verify(
      executor: Database,
      holder: FactorHolder,
      code: string,
    ): Promise<'totp' | 'recovery' | null> {
      const factor = await factorOf(executor, holder, true);
      if (!factor?.confirmed_at) return null;
      const typed = code.trim();
      if (/^[0-9]{6}$/.test(typed)) {
        const step = acceptedStep(factor.secret, typed, Number(factor.last_step));
        if (step === null) return null;
        await executor
          .updateTable('totp_factors')
          .set({ last_step: step })
          .where('id', '=', factor.id)
          .execute();
        return 'totp';
      }
      if (normalRecovery(typed).length !== 12) return null;
      const used = await executor
        .updateTable('totp_recovery_codes')
        .set({ used_at: new Date() })
        .where('factor_id', '=', factor.id)
        .where('code_hash', '=', recoveryHash(typed))
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(used.numUpdatedRows) === 1 ? 'recovery' : null;
    },

    /** A confirmed factor with a given key: only for the demo seed, whose keys are published. */
    async enrolWithKey(executor: Database, holder: FactorHolder, secret: string) {
      const [column, id] = holderColumn(holder);
      const { id: factorId } = await executor
        .insertInto('totp_factors')
        .values({ [column]: id, secret, confirmed_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await newRecoveryCodes(executor, factorId);
    },

    /** A new set of recovery codes for a confirmed factor (the old ones stop working). */
    async renewRecoveryCodes(executor: Database, holder: FactorHolder): Promise<string[]> {
      const factor = await factorOf(executor, holder, true);
      if (!factor?.confirmed_at) throw new AppError('totp_not_enabled');
      return newRecoveryCodes(executor, factor.id);
    },

    /** Removes the holder's factor (pending or confirmed) and its recovery codes; whether there was one. */
    async remove(executor: Database, holder: FactorHolder): Promise<boolean> {
      const [column, id] = holderColumn(holder);
      const result = await executor.deleteFrom('totp_factors').where(column, '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
  return service;
}

/** The time step a code belongs to when it is right and newer than the last accepted one; else null. */
function acceptedStep(secret: string, code: string, lastStep: number): number | null {
  const typed = code.trim();
  if (!/^[0-9]{6}$/.test(typed)) return null;
  const now = Date.now();
  const delta = totpOf(secret).validate({ token: typed, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
  return step > lastStep ? step : null;
}

export type TotpService = ReturnType<typeof totpService>;
