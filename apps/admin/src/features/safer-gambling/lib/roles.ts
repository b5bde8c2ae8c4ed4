import type { Operator } from '@tala/contracts/admin';

type Role = Operator['role'];
/** Mirrors the server: owners, finance and support read the flags and record interactions; owners run the rules. */
export const saferGamblingRoles = {
  read: (role: Role) => role === 'owner' || role === 'finance' || role === 'support',
  run: (role: Role) => role === 'owner',
};
