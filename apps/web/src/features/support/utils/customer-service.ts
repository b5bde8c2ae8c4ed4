import type { LanguageCode } from '@tala/contracts/languages';
import type { SystemStatus } from '@tala/contracts/system';

export type CustomerServiceItem = SystemStatus['customerService'][number];
export type ResourceItem = SystemStatus['resources'][number];

/** A channel's title in the visitor's language, else in English (the one the back office requires). */
export function serviceTitle(item: CustomerServiceItem, language: LanguageCode): string {
  return item.titles[language] ?? item.titles.EN ?? '';
}

/**
 * The channels every visitor is offered: not the VIP service, which is only for members above rank level 4 and
 * reaches them through the customer-service popup (getService decides it per member, §6).
 */
export function everyonesChannels(items: readonly CustomerServiceItem[]): CustomerServiceItem[] {
  return items.filter((item) => item.csType !== 'VIP');
}

/** The entry the customer-service button opens: live chat when configured, else the first entry (§2). */
export function primaryCustomerService(
  items: readonly CustomerServiceItem[],
): CustomerServiceItem | undefined {
  return items.find((item) => item.csType === 'LIVECHAT') ?? items[0];
}

export function isExternal(path: string): boolean {
  return /^https?:\/\//i.test(path);
}

/** Opens a customer-service or social path: outside addresses in a new tab, site paths in place. */
export function openPath(path: string): void {
  if (isExternal(path)) window.open(path, '_blank', 'noopener,noreferrer');
  else window.location.assign(path);
}

const socialTypes = ['FACEBOOK', 'TWITTER', 'INSTAGRAM', 'YOUTUBE', 'TELEGRAM'] as const;
export type SocialType = (typeof socialTypes)[number];

/** The social links a merchant configured, in the footer's order; none are shown when none are configured. */
export function socialLinks(
  resources: readonly ResourceItem[],
): (ResourceItem & { resourceType: SocialType })[] {
  return socialTypes.flatMap((type) =>
    resources.filter((r): r is ResourceItem & { resourceType: SocialType } => r.resourceType === type),
  );
}
