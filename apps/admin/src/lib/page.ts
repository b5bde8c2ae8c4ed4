/** A page of a list (GUIDE §3 lists). */
export type Page<T> = { list: T[]; pageNo: number; pageSize: number; total: number; totalPages: number };

/** A unique enough id for a chat message, as the socket contract wants ([A-Za-z0-9_-]{8,64}). */
export function clientId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The start of a `date` input's day in local time as ISO with offset; empty for none. */
export function dayStartIso(day: string, endOfDay = false): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const date = endOfDay
    ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999)
    : new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.toISOString();
}
