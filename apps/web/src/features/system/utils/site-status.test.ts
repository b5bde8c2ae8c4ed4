import { describe, expect, it } from 'vitest';
import { deriveSiteStatus } from './site-status.ts';

const maintenance = (enabled: boolean) => ({
  enabled,
  title: { EN: '' },
  message: { EN: '' },
  endTime: null,
});
const region = (restricted: boolean) => ({ restricted, message: { EN: '' } });

describe('deriveSiteStatus', () => {
  it('shows the site when nothing is switched on', () => {
    expect(deriveSiteStatus({ maintenance: maintenance(false), regionRestriction: region(false) })).toBe(0);
  });
  it('puts maintenance before the region block', () => {
    expect(deriveSiteStatus({ maintenance: maintenance(true), regionRestriction: region(true) })).toBe(1);
  });
  it('blocks a restricted region when there is no maintenance', () => {
    expect(deriveSiteStatus({ maintenance: maintenance(false), regionRestriction: region(true) })).toBe(2);
  });
});
