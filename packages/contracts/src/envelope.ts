import { z } from 'zod';

/** The success envelope of GUIDE §3: `{ success: true, value }`. */
export function envelope<T extends z.ZodType>(value: T) {
  return z.object({ success: z.literal(true), value });
}

export const errorEnvelope = z
  .object({
    success: z.literal(false),
    errorCode: z.string(),
    message: z.string(),
    field: z.string().optional(),
  })
  .meta({ id: 'ErrorEnvelope' });
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** A page of a list, GUIDE §3. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  });
}

export const pageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(24),
});
