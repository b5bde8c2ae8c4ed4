import type { PvpSeat, PvpTable } from '@tala/contracts/pvp';
import { read, write } from '../../lib/session.ts';

/** Where a seat sits round the oval, in percent of the table's box (left, top). */
export type SeatSpot = { seat: number; left: number; top: number; dx: number; dy: number };

/**
 * The seats round an oval, turned so that the member's own seat (else seat 0) is at the bottom in the middle and the
 * others follow clockwise, as a player sees a real table from the chair.
 */
export function seatLayout(seats: number, anchor: number | null): SeatSpot[] {
  const n = Math.max(1, seats);
  const first = anchor !== null && anchor >= 0 && anchor < n ? anchor : 0;
  return Array.from({ length: n }, (_, seat) => {
    const step = (((seat - first) % n) + n) % n;
    const angle = Math.PI / 2 + (step * 2 * Math.PI) / n;
    const dx = Math.round(Math.cos(angle) * 1000) / 1000;
    const dy = Math.round(Math.sin(angle) * 1000) / 1000;
    return {
      seat,
      left: Math.round((50 + 44 * dx) * 10) / 10,
      top: Math.round((50 + 40 * dy) * 10) / 10,
      // The page places the seat at 50% + dx × the oval's half-width (narrower on a phone, so no seat runs off).
      dx: dx === 0 ? 0 : dx,
      dy: dy === 0 ? 0 : dy,
    };
  });
}

/** Whole seconds left on a turn timer by the server's clock (never below 0). */
export function secondsLeft(deadline: string | null, serverNow: number): number {
  if (!deadline) return 0;
  return Math.max(0, Math.ceil((new Date(deadline).getTime() - serverNow) / 1000));
}

/** The share of the turn still left, 0..1, for the timer's ring. */
export function turnShare(deadline: string | null, serverNow: number, turnSeconds: number): number {
  if (!deadline || turnSeconds <= 0) return 0;
  const left = (new Date(deadline).getTime() - serverNow) / 1000;
  return Math.min(1, Math.max(0, left / turnSeconds));
}

/** Server clock minus this browser's clock, from a reply's server time and the request's round trip. */
export function clockOffset(serverTime: string, received: number, roundTrip = 0): number {
  const server = new Date(serverTime).getTime();
  return Number.isFinite(server) ? Math.round(server - (received - roundTrip / 2)) : 0;
}

/** Basis points as a percent for people: 500 → "5", 250 → "2.5", 125 → "1.25". */
export function percentOf(bps: number): string {
  return String(Math.round(bps) / 100);
}

/** The buy-ins a member may choose: the table's range cut to the balance; null when the balance is too low. */
export function buyInRange(
  table: PvpTable,
  balance: number | undefined,
): { min: number; max: number } | null {
  const max = balance === undefined ? table.maxBuyIn : Math.min(table.maxBuyIn, balance);
  if (max < table.minBuyIn) return null;
  return { min: table.minBuyIn, max };
}

export function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** The first free seat, or null when the table is full. */
export function firstFreeSeat(table: PvpTable, seats: readonly PvpSeat[]): number | null {
  const taken = new Set(seats.map((s) => s.seat));
  for (let seat = 0; seat < table.seats; seat++) if (!taken.has(seat)) return seat;
  return null;
}

/**
 * This browser's id, shared with the site (same origin, same key): the server keeps two members of one device from
 * one table.
 */
export function browserDeviceId(): string {
  const kept = read('local', 'deviceId');
  if (kept && /^[A-Za-z0-9-]{8,64}$/.test(kept)) return kept;
  const made = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  write('local', 'deviceId', made);
  return made;
}
