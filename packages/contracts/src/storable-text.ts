/**
 * Text PostgreSQL can store. A `text` column takes any UTF-8 except the NUL character, and a lone UTF-16 surrogate
 * (half of a pair, as `\ud800` in JSON) has no UTF-8 form at all: either one sent to the database fails the
 * statement. Every string that reaches the server is checked against this once, before anything reads it
 * (apps/server/src/http/storable-input.ts), so no route needs its own check.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL character is exactly what this refuses
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** The text with each unstorable character replaced by U+FFFD, to name a bad key in an error safely. */
export function storableCopy(text: string): string {
  return text.replace(new RegExp(UNSTORABLE.source, 'g'), '\uFFFD');
}

/**
 * The dotted path of the first string in `value` (an object, array or string, keys included) that PostgreSQL
 * cannot store, or undefined when every string can be stored. `where` names the value itself.
 */
export function findUnstorableText(value: unknown, where: string, depth = 0): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : where;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], `${where}.${i}`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const path = where ? `${where}.${storableCopy(key)}` : storableCopy(key);
    if (!isStorableText(key)) return path;
    const found = findUnstorableText(item, path, depth + 1);
    if (found) return found;
  }
  return undefined;
}
