import { afterEach, describe, expect, it } from 'vitest';
import { isoToLocalInput, localInputToIso } from './datetime.ts';

// Node's process (the tests run there); the app itself has no Node types.
declare const process: { env: Record<string, string | undefined> };

describe('maintenance end time conversion', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('turns a datetime-local value into ISO with the local offset (UTC in tests)', () => {
    expect(localInputToIso('2030-01-01T10:00')).toBe('2030-01-01T10:00:00+00:00');
    expect(localInputToIso('2030-06-15T23:59:30')).toBe('2030-06-15T23:59:30+00:00');
  });

  it('uses the browser time zone, east and west of UTC', () => {
    process.env.TZ = 'Asia/Manila';
    expect(localInputToIso('2030-01-01T10:00')).toBe('2030-01-01T10:00:00+08:00');
    expect(isoToLocalInput('2030-01-01T02:00:00Z')).toBe('2030-01-01T10:00');
    process.env.TZ = 'America/New_York';
    expect(localInputToIso('2030-01-01T10:00')).toBe('2030-01-01T10:00:00-05:00');
    expect(localInputToIso('2030-07-01T10:00')).toBe('2030-07-01T10:00:00-04:00');
    process.env.TZ = 'Asia/Kolkata';
    expect(localInputToIso('2030-01-01T10:00')).toBe('2030-01-01T10:00:00+05:30');
  });

  it('gives null for an empty input, and an unreadable value back as typed', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('   ')).toBeNull();
    expect(localInputToIso('next tuesday')).toBe('next tuesday');
  });

  it('shows an ISO instant of any offset as local wall time', () => {
    expect(isoToLocalInput('2030-01-01T10:00:00+08:00')).toBe('2030-01-01T02:00');
    expect(isoToLocalInput('2030-01-01T10:00:00Z')).toBe('2030-01-01T10:00');
    expect(isoToLocalInput(null)).toBe('');
    expect(isoToLocalInput('garbage')).toBe('');
  });

  it('round-trips: a value shown and saved again is the same instant', () => {
    for (const iso of ['2030-01-01T10:00:00+08:00', '2029-12-31T16:30:00-05:00']) {
      const again = localInputToIso(isoToLocalInput(iso));
      expect(new Date(again as string).getTime()).toBe(new Date(iso).getTime());
    }
  });
});
