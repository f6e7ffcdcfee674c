import { z } from 'zod';

/** Every error the api sends: the spec's message, a stable code, and the fields that were wrong. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** Set with code email_not_verified, so the dapp can open /verify-email?userId= */
  userId: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const paginationSchema = z.object({
  total: z.number().int(),
  /** False when `total` is an estimate ("about 12,000"): counting every match of a large result costs more than the page. */
  totalExact: z.boolean(),
  limit: z.number().int(),
  offset: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  hasMore: z.boolean(),
  /**
   * Where the next page starts, for lists that also page by place (keyset): sent back as `after`, the next page is
   * read from there instead of skipping `offset` lots, which keeps deep pages as fast as the first. Null at the end.
   */
  next: z.string().nullable().optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const MAX_PAGE_SIZE = 100;

/** A query-string integer in [min, max]; query values arrive as strings. */
export function queryInt(min: number, max: number) {
  return z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });
}

/** A non-negative decimal amount in a lot's display unit, as text ("0.5", "15000"). */
export const decimalText = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?$/, { error: 'must be a non-negative number' });

/**
 * A date in ISO 8601 between the years 1 and 9999: what ISO 8601 writes with four digits and what PostgreSQL's
 * timestamps hold (JavaScript's own dates reach 275760, and PostgreSQL has no year 0).
 */
export const isoDate = z
  .string()
  .trim()
  .refine(
    (s) => {
      const year = new Date(s).getUTCFullYear();
      return year >= 1 && year <= 9999;
    },
    { error: 'must be a date (ISO 8601)' },
  )
  .transform((s) => new Date(s));

export const searchText = z.string().trim().max(200, { error: 'must be at most 200 characters' });

/** Limit/offset or page/pageSize, whichever the caller used, resolved to both. */
export function resolvePage(q: { limit?: number; offset?: number; page?: number; pageSize?: number }, defaultSize: number) {
  const size = q.pageSize ?? q.limit ?? defaultSize;
  const offset = q.page !== undefined ? (q.page - 1) * size : (q.offset ?? 0);
  return { limit: size, offset };
}

/** `hasMore` follows from the total unless the caller knows it otherwise (a page read one row past its end). */
export function paginationOf(total: number, limit: number, offset: number, known: { totalExact?: boolean; hasMore?: boolean } = {}): Pagination {
  return {
    total,
    totalExact: known.totalExact ?? true,
    limit,
    offset,
    page: Math.floor(offset / limit) + 1,
    pageSize: limit,
    totalPages: Math.max(1, Math.ceil(total / limit)),
    hasMore: known.hasMore ?? offset + limit < total,
  };
}
