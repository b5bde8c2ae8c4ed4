import { type DocumentType, MAX_DOCUMENT_BYTES } from '@tala/contracts/kyc';
import { AppError } from '../../http/app-error.ts';
import { imageSize, sniffImage } from '../content/images.ts';

/**
 * The type of a document by its content (magic bytes): a PNG or JPEG whose header gives a size, or a PDF
 * (`%PDF-1.x` or `%PDF-2.x` header and an `%%EOF` marker). Anything else, an SVG, an HTML page or a script
 * included, is null.
 */
export function sniffDocument(bytes: Buffer): DocumentType | null {
  const image = sniffImage(bytes);
  if (image === 'image/png' || image === 'image/jpeg') return imageSize(bytes, image) ? image : null;
  if (image) return null;
  if (/^%PDF-[12]\.\d/.test(bytes.subarray(0, 8).toString('latin1'))) {
    // The end-of-file marker sits in the last kilobyte (incremental updates append after older ones).
    const tail = bytes.subarray(Math.max(0, bytes.length - 1024)).toString('latin1');
    return tail.includes('%%EOF') ? 'application/pdf' : null;
  }
  return null;
}

const EXTENSIONS: Record<string, DocumentType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
};
const NAMES: Record<DocumentType, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPG',
  'application/pdf': 'PDF',
};
/** Declared types browsers send when they do not know better; they claim nothing. */
const NEUTRAL_TYPES = new Set(['application/octet-stream', 'binary/octet-stream', '']);

/** What the file claims to be, from its declared content type and its name's extension. */
function claims(declaredType: string, filename: string): DocumentType[] {
  const result: DocumentType[] = [];
  const type = declaredType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!NEUTRAL_TYPES.has(type)) result.push((type === 'image/jpg' ? 'image/jpeg' : type) as DocumentType);
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(filename)?.[1]?.toLowerCase();
  if (extension) result.push(EXTENSIONS[extension] ?? (`.${extension}` as DocumentType));
  return result;
}

/**
 * Checks an uploaded document (GUIDE §5): not empty, at most 5 MB, a PNG, JPG or PDF by its content, and neither its
 * declared content type nor its name's extension saying otherwise. Each failure has its own code:
 * `document_empty`, `document_too_large`, `document_type_not_allowed` (the content is of no accepted type and
 * claims none), `document_type_forged` (the name or type claims an accepted type the content is not, or the content
 * is one accepted type dressed as another).
 */
export function checkDocument(
  bytes: Buffer,
  declaredType: string,
  filename: string,
  field = 'document',
): DocumentType {
  if (bytes.length === 0) throw new AppError('document_empty', field);
  if (bytes.length > MAX_DOCUMENT_BYTES)
    throw new AppError('document_too_large', field, { megabytes: MAX_DOCUMENT_BYTES / 1024 / 1024 });
  const actual = sniffDocument(bytes);
  const claimed = claims(declaredType, filename);
  const accepted = (type: string): type is DocumentType => type in NAMES;
  if (!actual) {
    const pretended = claimed.find(accepted);
    if (pretended) throw new AppError('document_type_forged', field, { declared: NAMES[pretended] });
    throw new AppError('document_type_not_allowed', field);
  }
  const other = claimed.find((type) => type !== actual);
  if (other) {
    throw new AppError('document_type_forged', field, {
      declared: accepted(other) ? NAMES[other] : String(other).replace(/^\./, '').toUpperCase().slice(0, 10),
    });
  }
  return actual;
}
