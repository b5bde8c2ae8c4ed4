import { fishRoomBounds } from '@tala/contracts/fish-office';
import { minorFromInput, money } from '../../../lib/money.ts';

/**
 * A room's bets as the form shows them, in the merchant's currency (the room is the merchant's own): amounts
 * separated by spaces ("1.00 2.00 5.00" pesos, "1,000 2,000 5,000" dong).
 */
export function betsText(bets: readonly number[], merchantCode?: string): string {
  return bets.map((b) => money(b, merchantCode)).join(' ');
}

/** The bets typed, in minor units: 1 to 8 amounts, each within bounds, strictly increasing; null when not. */
export function parseBets(text: string, merchantCode?: string): number[] | null {
  const parts = text.split(/[\s;]+/).filter(Boolean);
  if (parts.length === 0 || parts.length > fishRoomBounds.bets.count) return null;
  const bets: number[] = [];
  for (const part of parts) {
    const value = minorFromInput(part, merchantCode);
    if (value === null || !Number.isSafeInteger(value)) return null;
    if (value < fishRoomBounds.bets.min || value > fishRoomBounds.bets.max) return null;
    if (bets.length && value <= bets[bets.length - 1]!) return null;
    bets.push(value);
  }
  return bets;
}

/** A return typed in percent ("96.5") as basis points, within 90–98%; null when not. */
export function parseRtp(text: string): number | null {
  if (!/^\d{2}(\.\d{1,2})?$/.test(text.trim())) return null;
  const bps = Math.round(Number(text.trim()) * 100);
  return bps >= fishRoomBounds.rtpBps.min && bps <= fishRoomBounds.rtpBps.max ? bps : null;
}

/** A whole number within bounds; null when not. */
export function parseWhole(text: string, bounds: { min: number; max: number }): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= bounds.min && n <= bounds.max ? n : null;
}
