import type { Operator } from '@tala/contracts/admin';

type Role = Operator['role'];
/**
 * Mirrors the server (docs/decisions/054-live-office.md): owners change tables; owners and finance read tables,
 * rounds and the P&L; support reads rounds; content has no live casino pages. Owners and support moderate the bingo
 * rooms' chat (room-chat.ts on the server).
 */
export const liveRoles = {
  read: (role: Role) => role === 'owner' || role === 'finance' || role === 'support',
  tables: (role: Role) => role === 'owner' || role === 'finance',
  manage: (role: Role) => role === 'owner',
  rounds: (role: Role) => role === 'owner' || role === 'finance' || role === 'support',
  report: (role: Role) => role === 'owner' || role === 'finance',
  chat: (role: Role) => role === 'owner' || role === 'support',
};
