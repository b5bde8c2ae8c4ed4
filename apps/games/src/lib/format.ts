/** Minor units as money with the merchant's symbol: 123456 → "P1,234.56" (slot pays go down to the centavo). */
export function money(amount: number, symbol = 'P'): string {
  const sign = amount < 0 ? '-' : '';
  const units = Math.abs(amount);
  const whole = Math.floor(units / 100).toLocaleString('en-US');
  return `${sign}${symbol}${whole}.${String(units % 100).padStart(2, '0')}`;
}

/** A key for one spin request, so that a retry cannot play twice. */
export function newRequestId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
