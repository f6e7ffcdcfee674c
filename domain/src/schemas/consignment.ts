/**
 * Consignment intake: an item a signed-in user offers for sale from the Sell page, an admin's review (accept into
 * an event as a lot whose seller is the consignor, or decline with a reason) and the consignor's own list.
 * Estimates are US dollars at the boundary ("1,500.00") and cents inside.
 */
import { z } from 'zod';
import { consignmentMessages as m } from '../messages.ts';
import { paginationSchema, queryInt } from './common.ts';
import { lotCreateBodySchema } from './admin-lots.ts';

export const CONSIGNMENT_HOLDINGS = ['inscription', 'nft', 'offchain'] as const;
export type ConsignmentHolding = (typeof CONSIGNMENT_HOLDINGS)[number];
export const CONSIGNMENT_STATUSES = ['submitted', 'accepted', 'declined'] as const;
export type ConsignmentStatus = (typeof CONSIGNMENT_STATUSES)[number];
export const CONSIGNMENT_MAX_IMAGES = 10;

export const CONSIGNMENT_HOLDING_TEXT: Record<ConsignmentHolding, string> = { inscription: 'Bitcoin inscription', nft: 'NFT', offchain: 'Off-chain item' };
export const CONSIGNMENT_STATUS_TEXT: Record<ConsignmentStatus, string> = { submitted: 'In review', accepted: 'Accepted', declined: 'Declined' };

/** "1,500.00" or "1500" dollars -> cents; null for an empty field; undefined for text that is no amount. */
export function dollarsToCents(text: string | null | undefined): number | null | undefined {
  const clean = (text ?? '').replace(/[$,\s]/g, '');
  if (clean === '') return null;
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const estimate = z
  .string()
  .max(40, { error: m.estimateFormat })
  .nullable()
  .optional()
  .refine((text) => dollarsToCents(text) !== undefined, { error: m.estimateFormat });

/** POST /consignments */
export const consignmentBodySchema = z
  .object({
    title: z.string({ error: m.titleRequired }).trim().min(1, { error: m.titleRequired }).max(200, { error: 'Title must be at most 200 characters' }),
    description: z.string({ error: m.descriptionRequired }).trim().min(1, { error: m.descriptionRequired }).max(5000, { error: 'Description must be at most 5000 characters' }),
    /** URLs returned by POST /consignments/images. */
    imageUrls: z.array(z.string().trim().min(1).max(2000), { error: m.imageUrl }).max(CONSIGNMENT_MAX_IMAGES, { error: m.tooManyImages }).optional(),
    estimateLow: estimate,
    estimateHigh: estimate,
    holding: z.enum(CONSIGNMENT_HOLDINGS, { error: m.holdingRequired }),
    inscriptionId: z.string().trim().max(200).nullable().optional(),
    contractAddress: z.string().trim().max(100).nullable().optional(),
    tokenId: z.string().trim().max(80).nullable().optional(),
  })
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (body.holding === 'inscription') {
      if (!body.inscriptionId) issue('inscriptionId', m.inscriptionIdRequired);
      else if (!/^[0-9a-f]{64}i\d+$/.test(body.inscriptionId)) issue('inscriptionId', m.inscriptionIdFormat);
    }
    if (body.holding === 'nft') {
      if (!body.contractAddress) issue('contractAddress', m.contractAddressRequired);
      else if (!/^0x[0-9a-fA-F]{40}$/.test(body.contractAddress)) issue('contractAddress', m.contractAddressFormat);
      if (!body.tokenId) issue('tokenId', m.tokenIdRequired);
      else if (!/^\d{1,78}$/.test(body.tokenId)) issue('tokenId', m.tokenIdFormat);
    }
    const low = dollarsToCents(body.estimateLow);
    const high = dollarsToCents(body.estimateHigh);
    if (typeof low === 'number' && typeof high === 'number' && low > high) issue('estimateLow', m.estimateOrder);
  });
export type ConsignmentBody = z.infer<typeof consignmentBodySchema>;

export const consignmentSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrls: z.array(z.string()),
  /** Dollars, e.g. "1500.00"; null when not given. */
  estimateLow: z.string().nullable(),
  estimateHigh: z.string().nullable(),
  holding: z.enum(CONSIGNMENT_HOLDINGS),
  inscriptionId: z.string().nullable(),
  contractAddress: z.string().nullable(),
  tokenId: z.string().nullable(),
  status: z.enum(CONSIGNMENT_STATUSES),
  declineReason: z.string().nullable(),
  /** The lot it became once accepted. */
  lotId: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Consignment = z.infer<typeof consignmentSchema>;

/** The admin's view adds who offered it. */
export const adminConsignmentSchema = consignmentSchema.extend({
  consignor: z.object({ userId: z.string(), email: z.string(), name: z.string().nullable() }),
  auctionEventId: z.string().nullable(),
});
export type AdminConsignment = z.infer<typeof adminConsignmentSchema>;

export const consignmentReplySchema = z.object({ message: z.string().optional(), data: consignmentSchema });
export const consignmentListSchema = z.object({ data: z.array(consignmentSchema) });
export const adminConsignmentReplySchema = z.object({ message: z.string().optional(), data: adminConsignmentSchema });
export const adminConsignmentListSchema = z.object({ data: z.array(adminConsignmentSchema), pagination: paginationSchema });

export const adminConsignmentListQuerySchema = z.object({
  status: z.enum(CONSIGNMENT_STATUSES, { error: `status must be one of ${CONSIGNMENT_STATUSES.join(', ')}` }).optional(),
  page: queryInt(1, 1_000_000).optional(),
  limit: queryInt(1, 100).optional(),
});

/**
 * POST /admin/consignments/:id/accept: the event and the lot's own figures (the lot form's fields and rules);
 * title, description, images and the item's identifiers default to the consignment's.
 */
export const consignmentAcceptBodySchema = lotCreateBodySchema
  .partial({ paymentMethod: true })
  .extend({ auctionEventId: z.string({ error: 'Choose the auction event' }).trim().min(1, { error: 'Choose the auction event' }).max(64) });
export type ConsignmentAcceptBody = z.infer<typeof consignmentAcceptBodySchema>;

/** POST /admin/consignments/:id/decline */
export const consignmentDeclineBodySchema = z.object({
  reason: z.string({ error: m.reasonRequired }).trim().min(1, { error: m.reasonRequired }).max(2000, { error: 'Reason must be at most 2000 characters' }),
});

/** How a lot made from a consignment is paid, unless the admin says otherwise: the chain it sits on. */
export function paymentMethodForHolding(holding: ConsignmentHolding): 'BTC' | 'ETH' | 'Manual' {
  return holding === 'inscription' ? 'BTC' : holding === 'nft' ? 'ETH' : 'Manual';
}
