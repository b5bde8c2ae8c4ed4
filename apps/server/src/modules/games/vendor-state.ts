import type { Database } from '../../db/database.ts';
import { changes } from '../../lib/change-feed.ts';
import { gamesRepository } from './games.repository.ts';

/** Whether an in-house vendor takes bets for a merchant, by the catalogue's switches of its lines. */
export type VendorState = 'open' | 'off' | 'maintenance';

/**
 * The back office's switches of an in-house vendor's catalogue lines (enabled, maintenance) as the vendor's own
 * state for a merchant: switched off when none of its lines is enabled, under maintenance when every enabled one is,
 * else open; a vendor not listed in the catalogue at all is open. The lottery and the sportsbook refuse bets by it.
 * Read at most every few seconds per merchant, and dropped in every process when the catalogue changes
 * (games.invalidate() publishes it on the change feed).
 */
export function vendorStates(db: Database) {
  const catalogue = gamesRepository(db);
  const cached = new Map<number, { at: number; lines: ReturnType<typeof catalogue.lines> }>();
  changes.subscribe((change) => {
    if (change.on === 'catalogue' || change.on === 'all') cached.clear();
  });
  function linesOf(merchantId: number) {
    const hit = cached.get(merchantId);
    if (hit && Date.now() - hit.at < 5_000) return hit.lines;
    const lines = catalogue.lines(merchantId);
    cached.set(merchantId, { at: Date.now(), lines });
    lines.catch(() => cached.delete(merchantId));
    return lines;
  }
  return {
    async state(merchantId: number, vendorCode: string): Promise<VendorState> {
      const ours = (await linesOf(merchantId)).filter((l) => l.vendor_code === vendorCode);
      if (ours.length === 0) return 'open';
      if (!ours.some((l) => l.enabled)) return 'off';
      return ours.some((l) => l.enabled && !l.maintenance) ? 'open' : 'maintenance';
    },
    /** Forgets what was read (tests that switch lines on the database directly). */
    forget: () => cached.clear(),
  };
}
