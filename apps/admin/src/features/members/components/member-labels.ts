import type { TFunction } from 'i18next';

/** Member types: 0 member, 4 trial (free play), 1/2/41/42 agents. */
export const memberTypeOptions = [0, 4, 1, 2, 41, 42] as const;

export function memberTypeLabel(t: TFunction, type: number): string {
  if (type === 0) return t('members.types.member');
  if (type === 4) return t('members.types.trial');
  return t('members.types.agent', { type });
}
