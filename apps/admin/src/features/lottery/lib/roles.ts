import type { Operator } from '@tala/contracts/admin';

type Role = Operator['role'];
/**
 * Mirrors the server (docs/decisions/042-lottery-office.md): owners and finance change settings, enter, approve and
 * cancel results and read the P&L; support reads games, draws and exposure; content has no lottery pages.
 */
export const lotteryRoles = {
  read: (role: Role) => role === 'owner' || role === 'finance' || role === 'support',
  manage: (role: Role) => role === 'owner' || role === 'finance',
};
