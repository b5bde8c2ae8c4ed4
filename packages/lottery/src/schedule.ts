import { addDays, dayOf, dayStart } from '@tala/contracts/calendar';
import type { Schedule } from './game.ts';

/**
 * The issues of a game: issue k is drawn at k × interval seconds after the Unix epoch; its sale opens when issue
 * k − 1 is drawn and closes `closeSeconds` before its own draw. Its number is the merchant's calendar day of its
 * sale period and its place in that day: 20261126-0421 is the 421st draw period of that day.
 */
export type Issue = {
  index: number;
  issueNo: string;
  saleOpensAt: Date;
  saleClosesAt: Date;
  drawAt: Date;
};

export function issueAt(schedule: Schedule, index: number, timeZone: string): Issue {
  if (schedule.dailyMinute !== undefined) return dailyIssueAt(schedule, index, timeZone);
  const interval = schedule.intervalSeconds * 1000;
  const drawAt = new Date(index * interval);
  const saleOpensAt = new Date((index - 1) * interval);
  const day = dayOf(saleOpensAt, timeZone);
  const sequence = Math.floor((saleOpensAt.getTime() - dayStart(day, timeZone).getTime()) / interval) + 1;
  const perDay = Math.ceil(86_400_000 / interval);
  return {
    index,
    issueNo: `${day.replaceAll('-', '')}-${String(sequence).padStart(String(perDay).length, '0')}`,
    saleOpensAt,
    saleClosesAt: new Date(drawAt.getTime() - schedule.closeSeconds * 1000),
    drawAt,
  };
}

/** The index of the issue whose sale period holds this instant (its draw is the next one after it). */
export function issueIndexAt(schedule: Schedule, at: Date, timeZone = 'UTC'): number {
  if (schedule.dailyMinute !== undefined) {
    const today = dayNumber(dayOf(at, timeZone));
    return at < dailyDrawAt(schedule, today, timeZone) ? today : today + 1;
  }
  return Math.floor(at.getTime() / (schedule.intervalSeconds * 1000)) + 1;
}

/**
 * How many issues of a game are left in the merchant's day from this issue, this one included (its number is its
 * day and its place in the day): the most a chase may follow (docs/decisions/043-lottery-client.md).
 */
export function issuesLeftToday(intervalSeconds: number, issueNo: string): number {
  const perDay = Math.ceil(86_400 / intervalSeconds);
  const place = Number(issueNo.split('-')[1]);
  return Math.max(0, perDay - place + 1);
}

// Daily games (decision 042): issue k is drawn on the merchant's calendar day k (days after 1970-01-01) at its
// draw minute; its sale opens at the previous day's draw. Its number is that day and 001: 20261126-001.
const epochDay = '1970-01-01';
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

function dailyDrawAt(schedule: Schedule, index: number, timeZone: string): Date {
  const start = dayStart(addDays(epochDay, index), timeZone);
  return new Date(start.getTime() + (schedule.dailyMinute ?? 0) * 60_000);
}

function dailyIssueAt(schedule: Schedule, index: number, timeZone: string): Issue {
  const drawAt = dailyDrawAt(schedule, index, timeZone);
  return {
    index,
    issueNo: `${addDays(epochDay, index).replaceAll('-', '')}-001`,
    saleOpensAt: dailyDrawAt(schedule, index - 1, timeZone),
    saleClosesAt: new Date(drawAt.getTime() - schedule.closeSeconds * 1000),
    drawAt,
  };
}
