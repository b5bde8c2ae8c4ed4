// LOCAL STOP-GAP (issue 19 item 1): the currencies a new merchant may take, until the `currency` helper's list
// (packages/contracts/src/currencies.ts, issue 19 item 3) lands on main; then this file goes and the platform service
// imports `currencyOf` from '@tala/contracts/currencies' instead. Same shape as that list: code, exponent, symbol,
// the decimals the market shows.
type LocalCurrency = { code: string; exponent: number; symbol: string; displayDecimals: number };

const LOCAL_CURRENCIES: Record<string, LocalCurrency> = {
  PHP: { code: 'PHP', exponent: 2, symbol: 'P', displayDecimals: 0 },
  VND: { code: 'VND', exponent: 0, symbol: '₫', displayDecimals: 0 },
  IDR: { code: 'IDR', exponent: 2, symbol: 'Rp', displayDecimals: 0 },
  THB: { code: 'THB', exponent: 2, symbol: '฿', displayDecimals: 2 },
  CNY: { code: 'CNY', exponent: 2, symbol: '¥', displayDecimals: 2 },
  USD: { code: 'USD', exponent: 2, symbol: '$', displayDecimals: 2 },
};

export function supportedCurrency(code: string): LocalCurrency | undefined {
  return Object.hasOwn(LOCAL_CURRENCIES, code) ? LOCAL_CURRENCIES[code] : undefined;
}
