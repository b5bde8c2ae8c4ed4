import type { Operator } from '@tala/contracts/admin';

type Role = Operator['role'];
/**
 * Mirrors the server: every role reads, owners and content build, owners and finance see the cost report and
 * decide applications (issuing a bonus moves money).
 */
export const promotionRoles = {
  read: (_role: Role) => true,
  build: (role: Role) => role === 'owner' || role === 'content',
  report: (role: Role) => role === 'owner' || role === 'finance',
  decide: (role: Role) => role === 'owner' || role === 'finance',
};
