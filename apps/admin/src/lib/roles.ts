import type { Operator } from '@tala/contracts/admin';

type Role = Operator['role'];

/**
 * What each role may open or change, mirroring the server's guards (the server checks again on every call; these
 * only decide what the page offers).
 */
export const can = {
  /** Members list and detail, registration rules (read): owners, support and finance. */
  readMembers: (role: Role) => role === 'owner' || role === 'support' || role === 'finance',
  /** Lock, unlock, force a password reset: owners and support. */
  manageMembers: (role: Role) => role === 'owner' || role === 'support',
  /** Registration rules and the settings document: owners only. */
  editRules: (role: Role) => role === 'owner',
  /** SMS and e-mail outbox: owners and support. */
  readOutbox: (role: Role) => role === 'owner' || role === 'support',
  /** Banners, notices, announcements, help, footer, channels: owners and content operators. */
  editContent: (role: Role) => role === 'owner' || role === 'content',
  /** Join applications: owners, content and support. */
  readApplications: (role: Role) => role === 'owner' || role === 'content' || role === 'support',
  /** Feedback inbox and live chat: owners and support. */
  support: (role: Role) => role === 'owner' || role === 'support',
};
