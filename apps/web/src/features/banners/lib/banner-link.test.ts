import { describe, expect, it } from 'vitest';
import { bannerTarget } from './banner-link.ts';

describe('bannerTarget', () => {
  it('opens each linkage type at its target', () => {
    expect(bannerTarget({ linkageType: 'ROUTE', linkageTarget: '/promotions' })).toEqual({
      kind: 'route',
      to: '/promotions',
    });
    expect(bannerTarget({ linkageType: 'GAME', linkageTarget: '1204' })).toEqual({
      kind: 'route',
      to: '/game?nodeId=1204',
    });
    expect(bannerTarget({ linkageType: 'PROMOTION', linkageTarget: 'welcome-100' })).toEqual({
      kind: 'route',
      to: '/promoDetail?id=welcome-100',
    });
    expect(bannerTarget({ linkageType: 'URL', linkageTarget: 'https://example.org/x' })).toEqual({
      kind: 'external',
      href: 'https://example.org/x',
    });
  });

  it('is not clickable without a linkage or with a script or off-site route', () => {
    expect(bannerTarget({ linkageType: null, linkageTarget: null })).toEqual({ kind: 'none' });
    expect(bannerTarget({ linkageType: 'URL', linkageTarget: 'javascript:alert(1)' })).toEqual({
      kind: 'none',
    });
    expect(bannerTarget({ linkageType: 'ROUTE', linkageTarget: '//evil.example' })).toEqual({ kind: 'none' });
    expect(bannerTarget({ linkageType: 'GAME', linkageTarget: '12; drop' })).toEqual({ kind: 'none' });
  });
});
