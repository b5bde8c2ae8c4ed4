import { describe, expect, it } from 'vitest';
import { issueAt, issueIndexAt } from './schedule.ts';

const oneMinute = { intervalSeconds: 60, closeSeconds: 10 };
const fiveMinutes = { intervalSeconds: 300, closeSeconds: 30 };

describe('the schedule of a fast game', () => {
  it('opens an issue at the previous draw, closes it before its own draw, and numbers it in the merchant’s day', () => {
    // 2026-11-26 07:00:30 in Manila (UTC+8) is 2026-11-25 23:00:30 UTC.
    const at = new Date('2026-11-25T23:00:30Z');
    const index = issueIndexAt(oneMinute, at);
    const issue = issueAt(oneMinute, index, 'Asia/Manila');
    expect(issue.saleOpensAt.toISOString()).toBe('2026-11-25T23:00:00.000Z');
    expect(issue.drawAt.toISOString()).toBe('2026-11-25T23:01:00.000Z');
    expect(issue.saleClosesAt.toISOString()).toBe('2026-11-25T23:00:50.000Z');
    // 07:00 is the 421st minute of the day.
    expect(issue.issueNo).toBe('20261126-0421');
    expect(issueAt(oneMinute, index + 1, 'Asia/Manila').issueNo).toBe('20261126-0422');
  });

  it('starts each day at 0001 and ends it at the last period', () => {
    const midnight = new Date('2026-11-25T16:00:00Z'); // 00:00 in Manila
    const first = issueAt(fiveMinutes, issueIndexAt(fiveMinutes, midnight), 'Asia/Manila');
    expect(first.issueNo).toBe('20261126-001');
    const last = issueAt(fiveMinutes, issueIndexAt(fiveMinutes, midnight) - 1, 'Asia/Manila');
    expect(last.issueNo).toBe('20261125-288');
    expect(last.drawAt).toEqual(midnight);
  });
});

describe('the schedule of a daily game (decision 042)', () => {
  const daily = { intervalSeconds: 86_400, closeSeconds: 900, dailyMinute: 18 * 60 + 15 };
  it('draws once a day at the local time, sells from the previous draw, closes before it', () => {
    // 2026-11-26 10:00 in Manila: the issue on sale is the one drawn at 18:15 that day (10:15 UTC).
    const index = issueIndexAt(daily, new Date('2026-11-26T02:00:00Z'), 'Asia/Manila');
    const issue = issueAt(daily, index, 'Asia/Manila');
    expect(issue.issueNo).toBe('20261126-001');
    expect(issue.drawAt.toISOString()).toBe('2026-11-26T10:15:00.000Z');
    expect(issue.saleClosesAt.toISOString()).toBe('2026-11-26T10:00:00.000Z');
    expect(issue.saleOpensAt.toISOString()).toBe('2026-11-25T10:15:00.000Z');
    // Just after the draw, the next day's issue is on sale.
    expect(issueIndexAt(daily, new Date('2026-11-26T10:15:00Z'), 'Asia/Manila')).toBe(index + 1);
    expect(issueAt(daily, index + 1, 'Asia/Manila').issueNo).toBe('20261127-001');
  });
});
