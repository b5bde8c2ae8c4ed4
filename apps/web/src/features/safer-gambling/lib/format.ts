/** An amount with its sign before the currency symbol (-P4, +P2), as the reality check and the statement show nets. */
export function signed(minor: number, format: (minor: number) => string): string {
  return `${minor < 0 ? '-' : minor > 0 ? '+' : ''}${format(Math.abs(minor))}`;
}

/** h:mm:ss of a duration. */
export function clock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
