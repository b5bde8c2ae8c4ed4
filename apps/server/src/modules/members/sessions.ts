// Sessions: starting, checking and ending them; the rules and settings other use cases read.
import { AppError } from '../../http/app-error.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { googleVerificationService } from './google-verification.ts';
import type { Restriction } from './member-exclusions.repository.ts';
import { memberSettingsOf, type SignedInMember } from './member-format.ts';
import type { MembersCore } from './members-core.ts';

export function sessionUseCases(core: MembersCore) {
  const { db, deps, repository, audit, rulesOf, loginValue, startSession, sessions } = core;
  return {
    ...googleVerificationService(db, deps),
    rulesOf,
    settingsOf: memberSettingsOf,
    repository,
    startSession,

    loginValue,

    /**
     * The member behind a raw token on this merchant's site: not_logged_in when unknown, ended, idle too long or of
     * another merchant; login.not.session when a newer login replaced it; account_locked when locked.
     */
    async authenticate(merchant: Merchant, token: string | undefined): Promise<SignedInMember> {
      if (!token || token.length > 200) throw new AppError('not_logged_in');
      const tokenHash = hashToken(token);
      const key = tokenHash.toString('base64');
      // Live sessions come from the process's cache (session-cache.ts); a miss reads the database.
      let row = sessions.get(key);
      if (!row) {
        const since = sessions.epoch();
        row = await repository.session(tokenHash);
        if (row && !row.revoked_at) sessions.keep(key, row, since);
      }
      if (!row || row.session_merchant_id !== merchant.id) throw new AppError('not_logged_in');
      if (row.revoked_at)
        throw new AppError(row.revoked_reason === 'replaced' ? 'login.not.session' : 'not_logged_in');
      const idleMs = merchant.settings.sessionIdleMinutes * 60_000;
      const seen = row.last_seen_at.getTime();
      if (Date.now() - seen > idleMs) {
        sessions.forget(key);
        await repository.revokeSession(tokenHash, 'idle');
        throw new AppError('not_logged_in');
      }
      if (row.status === 'locked') throw new AppError('account_locked');
      // One write per ten seconds of activity is enough to measure idleness in minutes. The cached copy is stamped
      // first, so the requests that share it meanwhile do not write too.
      if (Date.now() - seen > 10_000) {
        row.last_seen_at = new Date();
        await repository.touchSession(tokenHash);
      }
      const {
        session_merchant_id: _m,
        last_seen_at: _l,
        revoked_at: _r,
        revoked_reason: _rr,
        restriction: stored,
        ...member
      } = row;
      const restriction: Restriction | null = stored
        ? { kind: stored.kind, endsAt: stored.endsAt ? new Date(stored.endsAt) : null }
        : null;
      return { ...member, tokenHash, restriction };
    },

    /** When the member's live session began (its login), or null without one: the session clock of issue 18. */
    sessionStartedAt: (memberId: number) => repository.liveSessionStart(memberId),

    async logout(merchant: Merchant, member: SignedInMember, ip: string) {
      await repository.revokeSession(member.tokenHash, 'logout');
      await audit.record(db, {
        actorType: 'member',
        actorId: member.id,
        actorName: member.username,
        merchantId: merchant.id,
        action: 'member.logout',
        ip,
      });
    },
  };
}
