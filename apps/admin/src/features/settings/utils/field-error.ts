/**
 * Whether a server error's `field` (a dotted path such as `region.countries.1`) belongs to the control that
 * edits `path`: the same path, or an item inside it.
 */
export function fieldMatches(field: string | undefined, path: string): boolean {
  if (!field) return false;
  return field === path || field.startsWith(`${path}.`);
}
