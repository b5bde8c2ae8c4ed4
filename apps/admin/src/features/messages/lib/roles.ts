import type { Operator } from '@tala/contracts/admin';

type Role = Operator['role'];
/** Mirrors the server (broadcasts.routes.ts): every role reads the list, owners and support send and withdraw. */
export const broadcastRoles = {
  read: (_role: Role) => true,
  send: (role: Role) => role === 'owner' || role === 'support',
};
