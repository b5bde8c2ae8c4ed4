import type { AdminLimits } from '@tala/contracts/limits';
import { AppError } from '../../http/app-error.ts';
import type { MembersService } from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { LimitsService } from './limits.service.ts';

/**
 * The back office's read of a member's limits (issue 18 item 1; docs/decisions/046-player-limits.md, "Back office"):
 * what the member's own page shows — each limit, what its period used and when it resets, a pending raise or
 * removal with when it becomes confirmable and when it lapses — and the change history, newest first, a page at a
 * time. Read only: only the member changes their limits. Built apart from the limits service, as the games module's
 * back office is, because it needs the members module to find the member, which the money paths do not.
 */
export function limitsAdminService(deps: { limits: LimitsService; members: Pick<MembersService, 'byId'> }) {
  return {
    /** A member of another merchant answers not_found, as an unknown one does. */
    async memberLimits(
      merchant: Merchant,
      memberId: number,
      page: { pageNo: number; pageSize: number },
    ): Promise<AdminLimits> {
      const member = await deps.members.byId(memberId);
      if (!member || member.merchant_id !== merchant.id) throw new AppError('not_found', 'id');
      // The state first: reading it lapses raises past their window, which the history then shows as lapsed.
      const { limits, sessionStartedAt, timeZone } = await deps.limits.state(merchant, member);
      return { limits, sessionStartedAt, timeZone, history: await deps.limits.historyPage(member.id, page) };
    },
  };
}

export type LimitsAdminService = ReturnType<typeof limitsAdminService>;
