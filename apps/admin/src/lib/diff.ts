/** One leaf of a document: its dotted path and value (arrays are leaves: a list is read as a whole). */
export type Leaf = { path: string; value: unknown };

export function flatten(value: unknown, prefix = ''): Leaf[] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && prefix) return [{ path: prefix, value }];
    return entries.flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key));
  }
  return [{ path: prefix, value }];
}

export type DiffRow = { path: string; before: unknown; after: unknown; changed: boolean };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The before/after of an audited change, key by key, in the order the keys first appear (before's, then keys
 * only after has). A key missing on one side is `undefined` there and counts as changed.
 */
export function diffDocuments(before: unknown, after: unknown): DiffRow[] {
  const left = new Map(
    before === null || before === undefined ? [] : flatten(before).map((l) => [l.path, l.value]),
  );
  const right = new Map(
    after === null || after === undefined ? [] : flatten(after).map((l) => [l.path, l.value]),
  );
  const paths = [...new Set([...left.keys(), ...right.keys()])];
  return paths.map((path) => {
    const b = left.get(path);
    const a = right.get(path);
    return { path, before: b, after: a, changed: !(left.has(path) && right.has(path) && same(a, b)) };
  });
}

/** A value as short readable text for the diff table. */
export function showValue(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (Array.isArray(value))
    return value.length === 0
      ? '[]'
      : value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
  return JSON.stringify(value);
}
