import type {} from '@fastify/multipart';
import { findUnstorableText } from '@tala/contracts/storable-text';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { imageSize, type RasterType, sniffImage } from './images.ts';

export type ReceivedImage = {
  bytes: Buffer;
  contentType: RasterType;
  width: number;
  height: number;
};

const TYPE_NAMES: Record<RasterType, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPG',
  'image/webp': 'WEBP',
};

type Rules = {
  /** Form field that carries the files. */
  fileField: string;
  maxFiles: number;
  maxBytes: number;
  allowed: readonly RasterType[];
  /** Longest text field accepted, in bytes. */
  maxFieldBytes?: number;
};

/** Checks one file by its content; the error names the field and says what is allowed. */
export function checkImage(bytes: Buffer, rules: Pick<Rules, 'fileField' | 'allowed' | 'maxBytes'>) {
  if (bytes.length > rules.maxBytes) {
    throw new AppError('image_too_large', rules.fileField, { megabytes: rules.maxBytes / 1024 / 1024 });
  }
  const type = sniffImage(bytes);
  const size = type && rules.allowed.includes(type) ? imageSize(bytes, type) : null;
  if (!type || !size) {
    throw new AppError('image_type_not_allowed', rules.fileField, {
      types: rules.allowed.map((t) => TYPE_NAMES[t]).join(', '),
    });
  }
  return { bytes, contentType: type, ...size } satisfies ReceivedImage;
}

/**
 * Reads a `multipart/form-data` request: its text fields and up to `maxFiles` images in `fileField`, each checked
 * by content and size. Oversized, wrong-type or too many files, and unexpected file fields, are refused with their
 * own error codes (never a 500 and never a partial write: nothing is stored here).
 */
export async function readMultipartImages(request: FastifyRequest, rules: Rules) {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type');
  const fields: Record<string, string> = {};
  const images: ReceivedImage[] = [];
  let files = 0;
  try {
    const parts = request.parts({
      limits: {
        fileSize: rules.maxBytes,
        // One more than allowed, so that "too many" is told apart from the busboy limit of exactly `maxFiles`.
        files: rules.maxFiles + 1,
        fields: 20,
        fieldSize: rules.maxFieldBytes ?? 64 * 1024,
        parts: rules.maxFiles + 21,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== rules.fileField) {
          part.file.resume();
          throw new AppError('validation_failed', part.fieldname);
        }
        files += 1;
        if (files > rules.maxFiles) {
          part.file.resume();
          throw new AppError('too_many_images', rules.fileField, { max: rules.maxFiles });
        }
        const bytes = await part.toBuffer();
        // An empty file input is sent as a part without content: not an image, not counted.
        if (bytes.length === 0 && !part.filename) {
          files -= 1;
          continue;
        }
        images.push(checkImage(bytes, rules));
      } else {
        if (part.valueTruncated || part.fieldnameTruncated)
          throw new AppError('validation_failed', part.fieldname);
        // Multipart fields arrive after the request hooks ran: the same check as every other field.
        const bad = findUnstorableText({ [part.fieldname]: part.value }, '');
        if (bad) throw new AppError('text_not_storable', bad);
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw uploadError(error, rules);
  }
  return { fields, images };
}

/** Maps the multipart plugin's and busboy's limit errors to the API's own codes. */
function uploadError(error: unknown, rules: Rules): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('image_too_large', rules.fileField, { megabytes: rules.maxBytes / 1024 / 1024 });
    case 'FST_FILES_LIMIT':
      return new AppError('too_many_images', rules.fileField, { max: rules.maxFiles });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('validation_failed', 'body');
    default:
      // busboy reports a malformed body ("Unexpected end of form", "Malformed part header") as a plain Error.
      if (error instanceof Error && /form|part|boundary|multipart/i.test(error.message)) {
        return new AppError('validation_failed', 'body');
      }
      return error;
  }
}
