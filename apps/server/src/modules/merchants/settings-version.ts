import crypto from 'node:crypto';

/** JSON with object keys sorted, so a document read back from jsonb (which reorders keys) has the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A settings document's version as an HTTP entity tag: a hash of its content. */
export function settingsVersion(settings: unknown): string {
  const digest = crypto.createHash('sha256').update(canonical(settings)).digest('base64url');
  return `"${digest.slice(0, 22)}"`;
}
