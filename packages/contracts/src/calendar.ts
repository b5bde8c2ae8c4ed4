// Calendar days (yyyy-MM-dd) in a named time zone: the merchant's, whose days the server reads every date filter in.
// Pure Intl, so the server and both sites agree on what "today" is wherever the browser stands.

function offsetMs(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - at;
}

/** The instant a calendar day (yyyy-MM-dd) begins in the time zone. */
export function dayStart(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  const first = guess - offsetMs(guess, timeZone);
  // Once more at the found instant, for a day on which the offset changes.
  return new Date(guess - offsetMs(first, timeZone));
}

/** The calendar day (yyyy-MM-dd) of an instant in the time zone. */
export function dayOf(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The calendar day `days` after (or before) a calendar day. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** mm:ss of a countdown in whole seconds (230 → "03:50"), as the lottery's and the bingo rooms' timers show it. */
export function minutesClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}
