/**
 * The bidder whitelist (admin-side: "Whitelist", contents not shown; decided here). An auction event flagged
 * whitelistOnly takes bids only from users whose e-mail or a linked wallet is on the list, either for that
 * event or for every whitelist-only event (auctionEventId null).
 */
import { z } from 'zod';
import { adminMessages } from '../messages.ts';
import { emailField } from './content.ts';
import { MAX_PAGE_SIZE, paginationSchema, queryInt, searchText } from './common.ts';

export const whitelistBodySchema = z
  .object({
    walletAddress: z.string().trim().min(1, { error: adminMessages.whitelistTarget }).max(120).optional(),
    email: emailField.optional(),
    /** Absent or null: every whitelist-only event. */
    auctionEventId: z.string().trim().min(1).max(64).nullable().optional(),
    note: z.string().trim().max(500).optional(),
  })
  .refine((b) => !!b.walletAddress !== !!b.email, { error: adminMessages.whitelistTarget, path: ['walletAddress'] });
export type WhitelistBody = z.infer<typeof whitelistBodySchema>;

export const whitelistUpdateBodySchema = z.object({
  auctionEventId: z.string().trim().min(1).max(64).nullable().optional(),
  note: z.string().trim().max(500).optional(),
});

export const whitelistListQuerySchema = z.object({
  auctionEventId: z.string().trim().min(1).max(64).optional(),
  search: searchText.optional(),
  limit: queryInt(1, MAX_PAGE_SIZE).optional(),
  offset: queryInt(0, 10_000_000).optional(),
});

export const whitelistEntrySchema = z.object({
  _id: z.string(),
  walletAddress: z.string().nullable(),
  email: z.string().nullable(),
  auctionEventId: z.string().nullable(),
  auctionEventTitle: z.string().nullable(),
  note: z.string(),
  createdAt: z.string(),
});
export type WhitelistEntry = z.infer<typeof whitelistEntrySchema>;
export const whitelistEntryReplySchema = z.object({ message: z.string().optional(), data: whitelistEntrySchema });
export const whitelistListSchema = z.object({ data: z.array(whitelistEntrySchema), pagination: paginationSchema });
