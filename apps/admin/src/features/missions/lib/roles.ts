import type { Operator } from '@tala/contracts/admin';

type Role = Operator['role'];
/** Mirrors the server: every role reads the missions and their stats, owners and content build them. */
export const missionRoles = {
  read: (_role: Role) => true,
  build: (role: Role) => role === 'owner' || role === 'content',
};
