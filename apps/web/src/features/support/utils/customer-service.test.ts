import { describe, expect, it } from 'vitest';
import { everyonesChannels, primaryCustomerService, serviceTitle, socialLinks } from './customer-service.ts';

describe('primaryCustomerService', () => {
  it('prefers live chat wherever it is listed', () => {
    const items = [
      { csType: 'TELEGRAM' as const, titles: { EN: 'Telegram' }, path: 'https://t.me/x' },
      { csType: 'LIVECHAT' as const, titles: { EN: 'Chat' }, path: '/chat' },
    ];
    expect(primaryCustomerService(items)?.path).toBe('/chat');
  });
  it('falls back to the first entry, and to nothing when none are configured', () => {
    expect(primaryCustomerService([{ csType: 'VIP', titles: { EN: 'VIP' }, path: '/vip' }])?.csType).toBe(
      'VIP',
    );
    expect(primaryCustomerService([])).toBeUndefined();
  });
});

describe('channel titles and who sees which channel', () => {
  const live = {
    csType: 'LIVECHAT' as const,
    titles: { EN: 'Live chat', TY: 'Makipag-chat' },
    path: '/index?chat=1',
  };
  const vip = { csType: 'VIP' as const, titles: { EN: 'VIP service' }, path: '/index?chat=vip' };
  it('shows a title in the visitor’s language, else in English', () => {
    expect(serviceTitle(live, 'TY')).toBe('Makipag-chat');
    expect(serviceTitle(live, 'VI')).toBe('Live chat');
    expect(serviceTitle(vip, 'TY')).toBe('VIP service');
  });
  it('leaves the VIP service out of the channels offered to everyone', () => {
    expect(everyonesChannels([live, vip])).toEqual([live]);
  });
});

describe('socialLinks', () => {
  it('keeps only social resources, in the footer order', () => {
    const links = socialLinks([
      { resourceType: 'TELEGRAM', url: 'https://t.me/a', qrCodeUrl: null, labelNameEn: 'Telegram' },
      { resourceType: 'IOS', url: '/ios', qrCodeUrl: null, labelNameEn: 'iOS' },
      { resourceType: 'FACEBOOK', url: 'https://facebook.com/a', qrCodeUrl: null, labelNameEn: 'Facebook' },
    ]);
    expect(links.map((l) => l.resourceType)).toEqual(['FACEBOOK', 'TELEGRAM']);
  });
});
