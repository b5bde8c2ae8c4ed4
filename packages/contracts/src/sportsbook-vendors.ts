// Plain constants without zod, so the browser's first load (the header's menus) can use them.

/**
 * The sportsbook's two in-house vendors (decision 058): its sports and its esports, each with one catalogue line
 * (`<vendor>_<game type>`) so that the header's Sports and Esports menus and the vendor lists show the in-house book
 * as a provider. Their line, game and menu entry open the book's page (/sports, /esports), never a vendor launch.
 */
export const sportsbookVendors = { SPORTS: 'TSPORTS', ESPORTS: 'TESPORTS' } as const;
export type SportsbookProduct = keyof typeof sportsbookVendors;
export const sportsbookLines = {
  SPORTS: `${sportsbookVendors.SPORTS}_SPORTS`,
  ESPORTS: `${sportsbookVendors.ESPORTS}_ESPORTS`,
} as const;

/** The product whose book a vendor code or catalogue line opens, or undefined for any other vendor's. */
export function sportsbookProductOf(vendorOrLine: string): SportsbookProduct | undefined {
  for (const product of ['SPORTS', 'ESPORTS'] as const)
    if (vendorOrLine === sportsbookVendors[product] || vendorOrLine === sportsbookLines[product])
      return product;
  return undefined;
}
