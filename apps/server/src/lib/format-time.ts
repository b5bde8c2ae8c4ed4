/**
 * A moment as the merchant's members read it in a message: `3 Dec 2026, 16:00` in the merchant's time zone (the
 * ISO form if the zone is unknown to the runtime).
 */
export function timeInZone(at: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(at);
  } catch {
    return at.toISOString();
  }
}
