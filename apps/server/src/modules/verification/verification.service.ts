import crypto from 'node:crypto';
import type { LanguageCode } from '@tala/contracts/languages';
import type { MemberSettings } from '@tala/contracts/merchant-settings';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import svgCaptcha from 'svg-captcha';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { codeTexts } from '../messaging/code-texts.ts';
import type { MessagingService } from '../messaging/messaging.service.ts';
import { verificationRepository } from './verification.repository.ts';

export type CodePurpose = 'login' | 'register' | 'reset' | 'second_check' | 'contact';

export const CODE_MINUTES = 10;
const CODE_MAX_TRIES = 5;
const CAPTCHA_SECONDS = 120;
const CHALLENGE_SECONDS = 300;
/**
 * Waits between codes to one destination asked for from one address, by how many that address asked for it in the
 * last day: 1, 2, 4, … 60 minutes. Kept per address so that a stranger's requests never delay the member's own.
 */
const BACKOFF_MINUTES = [1, 2, 4, 8, 15, 30, 60];
/**
 * Codes strangers (addresses not known to own the destination) may have sent to one destination in an hour, from
 * however many addresses: what bounds a flood of someone else's phone or inbox. The owner's known addresses are
 * outside it (docs/decisions/030-abuse-limits.md).
 */
export const UNTRUSTED_CODES_PER_HOUR = 5;

export type ChallengeOptions = {
  /** Highest counter the client may have to reach (difficulty); the server picks one at random up to it. */
  maxCounter: number;
};

const defaultChallengeOptions: ChallengeOptions = { maxCounter: 50_000 };

/** Six random digits from the CSPRNG. */
export function newCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** A mobile number of 4-15 digits under a dialling code the merchant allows SMS to; the trimmed number. */
export function checkMobile(number: string, dialingCode: string, allowed: string[], field: string) {
  const mobile = number.trim();
  if (!/^[0-9]{4,15}$/.test(mobile)) throw new AppError('invalid_phone', field);
  if (!allowed.includes(dialingCode)) throw new AppError('sms_country_not_allowed', 'countryDialingCode');
  return mobile;
}

/** Masks the digits of a code in a text for the outbox. */
export function maskCode(text: string, code: string) {
  return text.replaceAll(code, '••••••');
}

/**
 * Verification of people and their contacts: captcha images, proof-of-work challenges, six-digit codes by SMS or
 * e-mail, and the counters of the abuse limits. docs/decisions/005-member-auth.md.
 */
export function verificationService(
  db: Database,
  messaging: MessagingService,
  challengeOptions: ChallengeOptions = defaultChallengeOptions,
) {
  const repository = verificationRepository(db);
  const secrets = new Map<string, Promise<string>>();
  const secret = (name: string) => {
    let value = secrets.get(name);
    if (!value) {
      value = repository.secret(name);
      value.catch(() => secrets.delete(name));
      secrets.set(name, value);
    }
    return value;
  };
  const keyed = async (name: string, data: string) =>
    crypto
      .createHmac('sha256', await secret(name))
      .update(data)
      .digest();

  let lastPurge = 0;
  async function purgeNow() {
    if (Date.now() - lastPurge < 60_000) return;
    lastPurge = Date.now();
    await repository.purgeExpired();
  }

  const service = {
    hit: (executor: Database, key: string, windowSeconds: number) =>
      repository.hit(executor, key, windowSeconds),
    count: (executor: Database, key: string, windowSeconds: number) =>
      repository.count(executor, key, windowSeconds),
    lock: (executor: Database, key: string) => repository.lock(executor, key),
    /** A keyed hash (HMAC with a server secret) for values stored to compare later. */
    keyed,

    // ---------------------------------------------------------- captcha

    /**
     * A new captcha image (SVG as a data URL) and its id; single use, two-minute life, case-insensitive. A merchant's
     * site's, or the back office's (no merchant).
     */
    async captcha(merchantId: number | null): Promise<{ id: string; image: string }> {
      const captcha = svgCaptcha.create({
        size: 5,
        noise: 3,
        ignoreChars: '0oO1iIlLqg9',
        color: true,
        width: 150,
      });
      const id = crypto.randomUUID();
      await repository.insertCaptcha({
        id,
        merchant_id: merchantId,
        answer_hash: await keyed('captcha', `${id}:${captcha.text.toLowerCase()}`),
        expires_at: new Date(Date.now() + CAPTCHA_SECONDS * 1000),
      });
      void purgeNow();
      return { id, image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
    },

    /** Checks and uses up a captcha: captcha_required when nothing was sent, captcha_error when wrong or stale. */
    async checkCaptcha(merchantId: number | null, id: string | undefined, answer: string | undefined) {
      if (!answer?.trim()) throw new AppError('captcha_required', 'captcha');
      if (!id) throw new AppError('captcha_error', 'captcha');
      const row = await repository.consumeCaptcha(id, merchantId);
      const expected = await keyed('captcha', `${id}:${answer.trim().toLowerCase()}`);
      if (!row || !crypto.timingSafeEqual(row.answer_hash, expected))
        throw new AppError('captcha_error', 'captcha');
    },

    // ---------------------------------------------------------- proof of work

    /** An ALTCHA challenge signed with the server's key; five-minute life. */
    async challenge() {
      return createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(challengeOptions.maxCounter, Math.min(1000, challengeOptions.maxCounter)),
        deriveKey,
        hmacSignatureSecret: await secret('altcha'),
        hmacKeySignatureSecret: await secret('altcha-key'),
        expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_SECONDS,
      });
    },

    /** Accepts a solved challenge once: challenge_required when missing, forged, expired or replayed. */
    async checkChallenge(payload: string | undefined) {
      if (!payload) throw new AppError('challenge_required', 'challenge');
      let decoded: { challenge?: unknown; solution?: unknown };
      try {
        const json = payload.trim().startsWith('{')
          ? payload
          : Buffer.from(payload, 'base64').toString('utf8');
        decoded = JSON.parse(json);
      } catch {
        throw new AppError('challenge_required', 'challenge');
      }
      const challenge = decoded.challenge as
        | { parameters?: { nonce?: unknown; expiresAt?: unknown } }
        | undefined;
      const solution = decoded.solution as { counter?: unknown; derivedKey?: unknown } | undefined;
      if (
        typeof challenge?.parameters?.nonce !== 'string' ||
        typeof challenge.parameters.expiresAt !== 'number' ||
        typeof solution?.counter !== 'number' ||
        typeof solution.derivedKey !== 'string'
      )
        throw new AppError('challenge_required', 'challenge');
      let verified = false;
      try {
        const result = await verifySolution({
          challenge: challenge as Parameters<typeof verifySolution>[0]['challenge'],
          solution: { counter: solution.counter, derivedKey: solution.derivedKey },
          deriveKey,
          hmacSignatureSecret: await secret('altcha'),
          hmacKeySignatureSecret: await secret('altcha-key'),
        });
        verified = result.verified;
      } catch {
        verified = false;
      }
      if (!verified) throw new AppError('challenge_required', 'challenge');
      const fresh = await repository.useChallenge(
        challenge.parameters.nonce,
        new Date(challenge.parameters.expiresAt * 1000),
      );
      if (!fresh) throw new AppError('challenge_required', 'challenge');
      void purgeNow();
    },

    // ---------------------------------------------------------- codes

    /**
     * Makes a code for a destination under the abuse limits, in one transaction, and stores it hashed. The limits:
     * this address's wait for this destination; unless `trusted` (the address is one the destination's owner used),
     * the destination's hourly budget for strangers; for SMS, the address's daily cap and, unless trusted, the
     * dialling code's daily cap (SMS pumping).
     */
    async issueCode(input: {
      merchantId: number;
      settings: MemberSettings;
      purpose: CodePurpose;
      channel: 'sms' | 'email';
      destination: string;
      dialingCode?: string;
      ip: string;
      trusted?: boolean;
    }): Promise<string> {
      const code = newCode();
      const codeHash = await keyed('codes', `${input.purpose}:${input.destination}:${code}`);
      const trusted = input.trusted ?? false;
      const field = input.channel === 'sms' ? 'mobileNum' : 'email';
      await db.transaction().execute(async (trx) => {
        await repository.lock(trx, `code:${input.merchantId}:${input.destination}`);
        const recent = await repository.recentCodes(trx, input.merchantId, input.destination, input.ip);
        const last = recent.fromIp[0];
        if (last) {
          const wait = BACKOFF_MINUTES[Math.min(recent.fromIp.length, BACKOFF_MINUTES.length) - 1] as number;
          const remaining = last.created_at.getTime() + wait * 60_000 - Date.now();
          if (remaining > 0)
            throw new AppError('sms_too_many_requests', field, { minutes: Math.ceil(remaining / 60_000) });
        }
        if (!trusted && recent.untrustedLastHour >= UNTRUSTED_CODES_PER_HOUR)
          throw new AppError('sms_too_many_requests', field, { minutes: 60 });
        if (input.channel === 'sms') {
          const perIp = await repository.hit(trx, `sms:ip:${input.merchantId}:${input.ip}`, 86_400);
          if (perIp > input.settings.smsDailyCapPerIp) throw new AppError('sms_quota_exceeded', field);
          if (!trusted) {
            const perCountry = await repository.hit(
              trx,
              `sms:country:${input.merchantId}:${input.dialingCode}`,
              86_400,
            );
            if (perCountry > input.settings.smsDailyCapPerDialingCode)
              throw new AppError('sms_quota_exceeded', field);
          }
        }
        await repository.insertCode(trx, {
          merchant_id: input.merchantId,
          purpose: input.purpose,
          destination: input.destination,
          code_hash: codeHash,
          expires_at: new Date(Date.now() + CODE_MINUTES * 60_000),
          requested_ip: input.ip,
          trusted,
        });
      });
      return code;
    },

    /** Sends a code by SMS through the merchant's gateway (recorded, masked, in the outbox). */
    async sendCodeSms(
      settings: MemberSettings,
      meta: {
        merchantId: number;
        memberId?: number | null;
        purpose: CodePurpose;
        ip: string;
        brand: string;
        language: LanguageCode;
      },
      to: string,
      code: string,
    ) {
      const { language, brand, ...recorded } = meta;
      const text = codeTexts(language).smsCode(brand, code, CODE_MINUTES);
      await messaging.sendSms(settings.messaging, recorded, { to, text, masked: maskCode(text, code) });
    },

    /**
     * Checks a code without using it up (wrong tries are counted at once, five kill the code) and returns its id
     * for `useCode`, which the caller runs inside its own transaction: a failed registration leaves the code usable.
     * verification_code_expired for a stale code, verification_code_error for a wrong, used or unknown one.
     */
    async checkCode(input: {
      merchantId: number;
      purpose: CodePurpose;
      destination: string;
      code: string | undefined;
      field: string;
    }): Promise<number> {
      const code = input.code?.trim() ?? '';
      if (!/^[0-9]{6}$/.test(code)) throw new AppError('verification_code_error', input.field);
      const expected = await keyed('codes', `${input.purpose}:${input.destination}:${code}`);
      // Any live code of the destination is accepted, not only the newest: a code a stranger asked for since must
      // not void the one the member is typing.
      const outcome = await db.transaction().execute(async (trx) => {
        const rows = await repository.liveCodes(
          trx,
          input.merchantId,
          input.purpose,
          input.destination,
          CODE_MAX_TRIES,
        );
        const now = Date.now();
        const live = rows.filter((row) => row.expires_at.getTime() > now);
        const match = live.find((row) => crypto.timingSafeEqual(row.code_hash, expected));
        if (match) return match.id;
        await repository.countAttempt(
          trx,
          live.map((row) => row.id),
        );
        return live.length === 0 && rows.length > 0 ? ('expired' as const) : ('error' as const);
      });
      if (outcome === 'error') throw new AppError('verification_code_error', input.field);
      if (outcome === 'expired') throw new AppError('verification_code_expired', input.field);
      return outcome;
    },

    /** Uses up a checked code in the caller's transaction; verification_code_error when another use won. */
    async useCode(executor: Database, codeId: number, field: string) {
      if (!(await repository.consumeCode(executor, codeId)))
        throw new AppError('verification_code_error', field);
    },
  };
  return service;
}

export type VerificationService = ReturnType<typeof verificationService>;
