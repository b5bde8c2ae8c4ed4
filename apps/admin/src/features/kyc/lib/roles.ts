import type { Operator } from '@tala/contracts/admin';

type Role = Operator['role'];
/**
 * Mirrors the server (docs/decisions/048-identity-verification.md): owners and support review members' identity
 * documents; finance and content never see them.
 */
export const kycRoles = {
  review: (role: Role) => role === 'owner' || role === 'support',
};
