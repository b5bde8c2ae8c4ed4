import { describe, expect, it } from 'vitest';
import { diffDocuments, flatten, showValue } from './diff.ts';

describe('audit diff', () => {
  const before = {
    maintenance: { enabled: false, title: 'Scheduled maintenance', endTime: null },
    region: { mode: 'off', countries: [] as string[] },
    minimumAge: 18,
  };
  const after = {
    maintenance: { enabled: true, title: 'Upgrading', endTime: null },
    region: { mode: 'block', countries: ['US', 'SG'] },
    minimumAge: 18,
    members: { singleSession: true },
  };

  it('flattens a document to dotted keys, keeping lists whole', () => {
    expect(flatten(after).map((l) => l.path)).toEqual([
      'maintenance.enabled',
      'maintenance.title',
      'maintenance.endTime',
      'region.mode',
      'region.countries',
      'minimumAge',
      'members.singleSession',
    ]);
  });

  it('marks exactly the keys whose value changed, appeared or went away', () => {
    const rows = diffDocuments(before, after);
    expect(rows.filter((r) => r.changed).map((r) => r.path)).toEqual([
      'maintenance.enabled',
      'maintenance.title',
      'region.mode',
      'region.countries',
      'members.singleSession',
    ]);
    expect(rows.find((r) => r.path === 'members.singleSession')).toMatchObject({
      before: undefined,
      after: true,
    });
    expect(diffDocuments(before, before).some((r) => r.changed)).toBe(false);
  });

  it('treats a missing side (a created record) as all changed', () => {
    const rows = diffDocuments(null, { username: 'maria', role: 'finance' });
    expect(rows).toEqual([
      { path: 'username', before: undefined, after: 'maria', changed: true },
      { path: 'role', before: undefined, after: 'finance', changed: true },
    ]);
  });

  it('shows values as short text', () => {
    expect(showValue(['US', 'SG'])).toBe('US, SG');
    expect(showValue([])).toBe('[]');
    expect(showValue(null)).toBe('null');
    expect(showValue(undefined)).toBe('—');
    expect(showValue('')).toBe('""');
    expect(showValue(true)).toBe('true');
  });
});
