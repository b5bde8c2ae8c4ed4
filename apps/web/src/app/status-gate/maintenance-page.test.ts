import { describe, expect, it } from 'vitest';
import { formatEndTime } from './maintenance-page.tsx';

describe('formatEndTime', () => {
  it("shows the end time in the merchant's time zone", () => {
    const text = formatEndTime('2030-01-15T10:00:00.000Z', 'Asia/Manila', 'en');
    expect(text).toMatch(/Jan 15, 2030/);
    expect(text).toMatch(/6:00\sPM/);
    expect(text).toMatch(/GMT\+8/);
  });
  it('gives nothing for an unknown or unreadable time', () => {
    expect(formatEndTime(null, 'Asia/Manila', 'en')).toBeNull();
    expect(formatEndTime('soon', 'Asia/Manila', 'en')).toBeNull();
  });
  it('still formats when the time zone setting is not a real zone', () => {
    expect(formatEndTime('2030-01-15T10:00:00.000Z', 'Mars/Olympus', 'en')).toMatch(/2030/);
  });
});
