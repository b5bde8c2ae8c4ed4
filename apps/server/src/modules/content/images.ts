import crypto from 'node:crypto';

export type RasterType = 'image/png' | 'image/jpeg' | 'image/webp';

/** A random, unguessable id for a stored image (also its URL). */
export function newImageId(): string {
  return crypto.randomBytes(16).toString('base64url');
}

/**
 * The image type of a file by its content (magic bytes), never by its name or declared type: an SVG, an HTML page
 * or a script renamed to .png is not an image here.
 */
export function sniffImage(bytes: Buffer): RasterType | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/** Width and height from the image header, or null when the header cannot be read (the image is then refused). */
export function imageSize(bytes: Buffer, type: RasterType): { width: number; height: number } | null {
  try {
    if (type === 'image/png') {
      if (bytes.length < 24 || bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
      return positive(bytes.readUInt32BE(16), bytes.readUInt32BE(20));
    }
    if (type === 'image/jpeg') return jpegSize(bytes);
    return webpSize(bytes);
  } catch {
    return null;
  }
}

function positive(width: number, height: number) {
  return width > 0 && height > 0 && width <= 20_000 && height <= 20_000 ? { width, height } : null;
}

function jpegSize(bytes: Buffer) {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] as number;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    // Start-of-frame markers (baseline, progressive, ...) carry the size; C4, C8 and CC are other tables.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return positive(bytes.readUInt16BE(offset + 7), bytes.readUInt16BE(offset + 5));
    }
    offset += 2 + length;
  }
  return null;
}

function webpSize(bytes: Buffer) {
  const chunk = bytes.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8 ' && bytes.length >= 30) {
    return positive(bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff);
  }
  if (chunk === 'VP8L' && bytes.length >= 25) {
    const bits = bytes.readUInt32LE(21);
    return positive((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X' && bytes.length >= 30) {
    return positive(bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1);
  }
  return null;
}
