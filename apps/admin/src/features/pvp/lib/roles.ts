import type { Operator } from '@tala/contracts/admin';

type Role = Operator['role'];
/**
 * The PvP card tables' back office, as the live casino's (decision 054): owners change tables; owners and finance
 * read tables and the P&L; support reads the hands explorer (a member's complaint about a hand).
 */
export const pvpRoles = {
  read: (role: Role) => role === 'owner' || role === 'finance' || role === 'support',
  tables: (role: Role) => role === 'owner' || role === 'finance',
  manage: (role: Role) => role === 'owner',
  hands: (role: Role) => role === 'owner' || role === 'finance' || role === 'support',
  report: (role: Role) => role === 'owner' || role === 'finance',
};
