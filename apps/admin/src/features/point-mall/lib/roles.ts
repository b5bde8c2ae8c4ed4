import type { Operator } from '@tala/contracts/admin';

type Role = Operator['role'];
/**
 * Mirrors the server: every role reads; owners and finance set the ratios (conversion pays cash); owners and content
 * keep the catalogue; owners, finance and support decide redemptions.
 */
export const pointMallRoles = {
  read: (_role: Role) => true,
  settings: (role: Role) => role === 'owner' || role === 'finance',
  catalogue: (role: Role) => role === 'owner' || role === 'content',
  decide: (role: Role) => role === 'owner' || role === 'finance' || role === 'support',
};
