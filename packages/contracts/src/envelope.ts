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

/**
 * The merchant filter of a cross-merchant back-office list (decision 060): one merchant's code, or several joined by
 * commas, read as the list of codes. A list a scoped operator asks for without one is narrowed by the guard to that
 * operator's merchants (it writes their codes here), so every list that takes this filter takes a set of merchants.
 */
export const merchantListFilter = z
  .string()
  .regex(/^[a-z0-9-]{2,32}(,[a-z0-9-]{2,32})*$/)
  .transform((codes) => codes.split(','))
  .optional();
