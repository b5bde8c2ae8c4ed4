import type { IconName } from '../../../components/icons.tsx';

/** The member centre's entries in the order of §2, with their icons and which badge count they show. */
export const memberCentrePages = [
  { id: 'securityCenter', icon: 'shield' },
  { id: 'transferFund', icon: 'wallet' },
  { id: 'depositv2', icon: 'plus' },
  { id: 'withdraw', icon: 'arrowUp' },
  { id: 'transferUpline', icon: 'swap' },
  { id: 'personalHistoryCopy', icon: 'ticket' },
  { id: 'transactionHistory', icon: 'list' },
  { id: 'personalProfit', icon: 'chart' },
  { id: 'bonusDetails', icon: 'gift' },
  { id: 'rewardCenter', icon: 'star', badge: 'reward' },
  { id: 'referral', icon: 'people' },
  { id: 'missionLeaderboard', icon: 'trophy', badge: 'mission' },
  { id: 'messageV2', icon: 'mail', badge: 'message' },
  { id: 'saferGambling', icon: 'clock' },
] as const satisfies readonly { id: string; icon: IconName; badge?: string }[];

export type MemberCentrePage = (typeof memberCentrePages)[number]['id'];
export type BadgeKind = 'reward' | 'mission' | 'message';

export function isMemberCentrePage(value: string | undefined): value is MemberCentrePage {
  return memberCentrePages.some((page) => page.id === value);
}
