import { describe, expect, it } from 'vitest';
import { sportsbookPage, vendorLink } from './vendor-link.ts';

describe('vendor links of the menus', () => {
  it('open the in-house sportsbook’s vendors on /sports and /esports, not on a vendor filter', () => {
    expect(vendorLink({ vassalage: 'TSPORTS_SPORTS', gameType: 'SPORTS' }, '/sports')).toBe('/sports');
    expect(vendorLink({ vassalage: 'TESPORTS_ESPORTS', gameType: 'ESPORTS' }, '/esports')).toBe('/esports');
    expect(vendorLink({ vassalage: 'TESPORTS_ESPORTS', gameType: 'ESPORTS' })).toBe('/esports');
    expect(sportsbookPage('TSPORTS')).toBe('/sports');
    expect(sportsbookPage('TESPORTS')).toBe('/esports');
    expect(sportsbookPage('PALARO_SPORTS')).toBeUndefined();
  });

  it('open another sports vendor on the vendors tab of the sportsbook’s page, any other in its category', () => {
    expect(vendorLink({ vassalage: 'PALARO_SPORTS', gameType: 'SPORTS' }, '/sports')).toBe(
      '/sports?vendor=PALARO_SPORTS&view=vendors',
    );
    expect(vendorLink({ vassalage: 'ARENA_ES_SPORTS', gameType: 'ESPORTS' }, '/esports')).toBe(
      '/esports?vendor=ARENA_ES_SPORTS&view=vendors',
    );
    expect(vendorLink({ vassalage: 'MABUHAY_RNG', gameType: 'RNG' }, '/rng')).toBe('/rng?vendor=MABUHAY_RNG');
    expect(vendorLink({ vassalage: 'SUERTE_ELOTT', gameType: 'ELOTT' })).toBe(
      '/lobby/ELOTT?vendor=SUERTE_ELOTT',
    );
  });
});
