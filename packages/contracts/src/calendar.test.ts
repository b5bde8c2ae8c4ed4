import { describe, expect, it } from 'vitest';
import { addDays, dayOf, dayStart, minutesClock } from './calendar.ts';

describe('calendar days in a time zone', () => {
  it('starts Manila days at 16:00 UTC the day before', () => {
    expect(dayStart('2026-03-01', 'Asia/Manila').toISOString()).toBe('2026-02-28T16:00:00.000Z');
  });

  it('names the day of an instant in the zone asked for, not the machine’s', () => {
    const justAfterManilaMidnight = new Date('2026-11-24T16:06:00Z');
    expect(dayOf(justAfterManilaMidnight, 'Asia/Manila')).toBe('2026-11-25');
    expect(dayOf(justAfterManilaMidnight, 'UTC')).toBe('2026-11-24');
    expect(dayOf(new Date('2026-11-24T15:59:59Z'), 'Asia/Manila')).toBe('2026-11-24');
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-03', -6)).toBe('2025-12-28');
  });
});

describe('minutesClock', () => {
  it('shows a countdown as mm:ss, never below zero', () => {
    expect(minutesClock(230)).toBe('03:50');
    expect(minutesClock(59.9)).toBe('00:59');
    expect(minutesClock(0)).toBe('00:00');
    expect(minutesClock(-4)).toBe('00:00');
  });
});
