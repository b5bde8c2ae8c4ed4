/** Why the chosen images cannot go (§5: png or jpg, at most 5 MB each, at most 3), or null. Checked again server-side. */
export function imageProblem(
  files: readonly { name: string; type: string; size: number }[],
  rules: { maxImages: number; maxImageBytes: number; imageTypes: readonly string[] },
): 'count' | 'type' | 'size' | null {
  if (files.length > rules.maxImages) return 'count';
  for (const file of files) {
    const byName = /\.(png|jpe?g)$/i.test(file.name);
    if (!rules.imageTypes.includes(file.type) || !byName) return 'type';
    if (file.size > rules.maxImageBytes) return 'size';
  }
  return null;
}
