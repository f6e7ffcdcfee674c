import { z } from 'zod';
import { MAX_PAGE_SIZE, paginationSchema, queryInt, searchText } from './common.ts';

export const AUCTION_EVENT_STATUSES = ['draft', 'upcoming', 'live', 'ended'] as const;

/** GET /auction-events */
export const auctionEventListQuerySchema = z.object({
  status: z
    .string()
    .trim()
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(AUCTION_EVENT_STATUSES, { error: `must be one of ${AUCTION_EVENT_STATUSES.join(', ')}` }))
    .optional(),
  search: searchText.optional(),
  page: queryInt(1, 1_000_000).optional(),
  limit: queryInt(1, MAX_PAGE_SIZE).optional(),
});

export const auctionEventSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(AUCTION_EVENT_STATUSES),
  startTime: z.string(),
  endTime: z.string(),
  coverImageUrl: z.string().nullable(),
  published: z.boolean(),
  lotCount: z.number().int(),
  /** Set when its lots close in turn: the first lot's close and the seconds between closes. */
  firstCloseAt: z.string().nullable().optional(),
  closeIntervalSeconds: z.number().int().nullable().optional(),
});
export type AuctionEvent = z.infer<typeof auctionEventSchema>;

export const auctionEventListSchema = z.object({ data: z.array(auctionEventSchema), pagination: paginationSchema });
export const auctionEventReplySchema = z.object({ data: auctionEventSchema });
