import type { Operator } from '@tala/contracts/admin';

type Role = Operator['role'];
/**
 * Mirrors the server (docs/decisions/059-sports-trading.md): owners change (suspend and resume, margins, stake
 * factors, propose settlements) and decide; finance reads and approves or rejects; support reads; content nothing.
 */
export const tradingRoles = {
  read: (role: Role) => role === 'owner' || role === 'finance' || role === 'support',
  manage: (role: Role) => role === 'owner',
  decide: (role: Role) => role === 'owner' || role === 'finance',
};
