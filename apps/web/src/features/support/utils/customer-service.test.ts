import { describe, expect, it } from 'vitest';
import { primaryCustomerService, socialLinks } from './customer-service.ts';

describe('primaryCustomerService', () => {
  it('prefers live chat wherever it is listed', () => {
    const items = [
      { csType: 'TELEGRAM' as const, title: 'Telegram', path: 'https://t.me/x' },
      { csType: 'LIVECHAT' as const, title: 'Chat', path: '/chat' },
    ];
    expect(primaryCustomerService(items)?.path).toBe('/chat');
  });
  it('falls back to the first entry, and to nothing when none are configured', () => {
    expect(primaryCustomerService([{ csType: 'VIP', title: 'VIP', path: '/vip' }])?.csType).toBe('VIP');
    expect(primaryCustomerService([])).toBeUndefined();
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
