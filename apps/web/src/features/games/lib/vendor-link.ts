import { sportsbookProductOf } from '@tala/contracts/sportsbook-vendors';
import { paths } from '../../../config/paths.ts';

/** The page of the in-house sportsbook's product, for its vendor or line (TSPORTS, TESPORTS), else undefined. */
export function sportsbookPage(vendorOrLine: string): string | undefined {
  const product = sportsbookProductOf(vendorOrLine);
  if (!product) return undefined;
  return product === 'SPORTS' ? paths.sports : paths.esports;
}

/**
 * Where a vendor's entry in a menu leads: the in-house sportsbook's own page (/sports, /esports), else the category's
 * page filtered to the vendor. /sports and /esports open on the in-house book, so another vendor opens on their
 * vendors tab.
 */
export function vendorLink(vendor: { vassalage: string; gameType: string }, categoryPath?: string): string {
  const book = sportsbookPage(vendor.vassalage);
  if (book) return book;
  const path = categoryPath ?? paths.lobby(vendor.gameType);
  const query = new URLSearchParams({ vendor: vendor.vassalage });
  if (path === paths.sports || path === paths.esports) query.set('view', 'vendors');
  return `${path}?${query}`;
}
