import type { Database } from '../../db/database.ts';
import { memberExclusionUseCases } from './member-exclusions.ts';
import { memberIdentityUseCases } from './member-identity.ts';
import { memberReferralUseCases } from './member-referrals.ts';
import { memberSegmentUseCases } from './member-segments.ts';
import type { MemberRow } from './members.repository.ts';
import { memberAdminUseCases } from './members-admin.ts';
import { type MembersDeps, membersCore } from './members-core.ts';
import { passwordUseCases } from './passwords.ts';
import { profileUseCases } from './profile.ts';
import { registrationUseCases } from './registration.ts';
import { sessionUseCases } from './sessions.ts';
import { teamUseCases } from './team.ts';

export {
  type Contact,
  maskEmail,
  maskMobile,
  memberSettingsOf,
  normaliseUsername,
  PAYMENT_PASSWORD_TRIES_PER_HOUR,
  RESETS_FROM_STRANGERS_PER_DAY,
  RESETS_PER_ADDRESS_PER_HOUR,
  type RequestContext,
  type SignedInMember,
} from './member-format.ts';
export type { MemberRow };

/**
 * Members: sessions, registration, profile and contacts, passwords, and the back office's members
 * (docs/decisions/005-member-auth.md). One API, built from its use cases, each in its own file over the shared core
 * (members-core.ts).
 */
export function membersService(db: Database, deps: MembersDeps) {
  const core = membersCore(db, deps);
  return {
    ...sessionUseCases(core),
    ...registrationUseCases(core),
    ...profileUseCases(core),
    ...passwordUseCases(core),
    ...memberAdminUseCases(core),
    ...teamUseCases(core),
    /** Days with a successful sign-in in [from, to), in the time zone (the missions' login tasks). */
    signInDays: (memberId: number, from: Date, to: Date, timeZone: string) =>
      core.repository.signInDays(memberId, from, to, timeZone),
    ...memberSegmentUseCases(core),
    ...memberExclusionUseCases(core),
    ...memberReferralUseCases(db),
    ...memberIdentityUseCases(core),
  };
}

export type MembersService = ReturnType<typeof membersService>;
