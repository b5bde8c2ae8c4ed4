import type { Operator } from '@tala/contracts/admin';

type Role = Operator['role'];
/**
 * Mirrors the server (packages/contracts/src/fish-office.ts): owners change rooms; owners and finance read rooms,
 * waves and the P&L; support reads rooms and waves; content has no fish pages.
 */
export const fishRoles = {
  read: (role: Role) => role === 'owner' || role === 'finance' || role === 'support',
  rooms: (role: Role) => role === 'owner' || role === 'finance' || role === 'support',
  manage: (role: Role) => role === 'owner',
  waves: (role: Role) => role === 'owner' || role === 'finance' || role === 'support',
  report: (role: Role) => role === 'owner' || role === 'finance',
};
