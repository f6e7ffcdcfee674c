/**
 * POST /auctions/upload-images (admin lot form and CMS editor) and the admin inscription lists.
 * Upload limits are the spec's: jpeg, jpg, png, webp, svg+xml; at most 10 MB.
 */
import { z } from 'zod';
import { MAX_PAGE_SIZE, paginationSchema, queryInt } from './common.ts';
import { adminMessages } from '../messages.ts';

export const LOT_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp', 'image/svg+xml'] as const;
export const LOT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** The limits in words, said beside every image upload control before a file is chosen: "JPEG, PNG, WebP or SVG, up to 10 MB". */
export const LOT_IMAGE_LIMITS_TEXT = `JPEG, PNG, WebP or SVG, up to ${LOT_IMAGE_MAX_BYTES / (1024 * 1024)} MB`;

/**
 * The spec's image checks, with the texts of the screen asking: the admin lot form says "Please
 * select ...", the storage upload (the api, the CMS editor) "Please upload ...". Null when the file is fine.
 */
export function imageFileError(file: { type: string; size: number }, texts: 'lotForm' | 'storage'): { field: 'type' | 'size'; message: string } | null {
  const lotForm = texts === 'lotForm';
  if (file.size === 0 || !(LOT_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase())) {
    return { field: 'type', message: lotForm ? adminMessages.selectValidImage : adminMessages.uploadValidImage };
  }
  if (file.size > LOT_IMAGE_MAX_BYTES) return { field: 'size', message: lotForm ? adminMessages.selectSmallerImage : adminMessages.uploadSmallerImage };
  return null;
}

/** The spec's "Image upload result", plus `url` (what the admin form reads as data.url). */
export const uploadImageReplySchema = z.object({
  message: z.string(),
  data: z.object({
    url: z.string(),
    IpfsHash: z.string(),
    PinSize: z.number().int(),
    Timestamp: z.string(),
    ipfsUrl: z.string(),
    gatewayUrl: z.string(),
  }),
});
export type UploadImageReply = z.infer<typeof uploadImageReplySchema>;

/** The spec's page size of the admin inscriptions list: limit 20, page 1. */
export const ADMIN_INSCRIPTIONS_LIMIT = 20;
export const adminInscriptionListQuerySchema = z.object({
  limit: queryInt(1, MAX_PAGE_SIZE).optional(),
  page: queryInt(1, 1_000_000).optional(),
  status: z.string().trim().min(1).max(40).optional(),
  walletAddress: z.string().trim().min(1).max(120).optional(),
  hasAuction: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});

export const adminInscriptionSchema = z.object({
  _id: z.string(),
  inscriptionId: z.string().nullable(),
  walletAddress: z.string(),
  status: z.string(),
  contentType: z.string().nullable(),
  ipfsUrl: z.string().nullable(),
  gatewayUrl: z.string().nullable(),
  /** The lot selling it, if any. */
  auctionId: z.string().nullable(),
  hasAuction: z.boolean(),
  /** Inscribed through POST /inscriptions/create, so it has a payment and progress page. */
  createdHere: z.boolean(),
  createdAt: z.string(),
});
export type AdminInscription = z.infer<typeof adminInscriptionSchema>;
export const adminInscriptionListSchema = z.object({ data: z.array(adminInscriptionSchema), pagination: paginationSchema });
export const inscriptionStatsSchema = z.object({
  data: z.object({ total: z.number().int(), withAuction: z.number().int(), byStatus: z.record(z.string(), z.number().int()) }),
});

/**
 * Image addresses as lots may store them -> a URL a browser can load. `ipfs://CID[/path]`, `/ipfs/CID` and a
 * bare CID (the spec's `{address}`) become `${gateway}/ipfs/CID`; a `{address}` placeholder inside a
 * template is filled with the gateway base; anything else is returned unchanged.
 */
export function gatewayUrl(address: string, gateway: string): string {
  const base = gateway.replace(/\/+$/, '');
  const value = address.trim();
  const ipfs = /^ipfs:\/\/(?:ipfs\/)?(.+)$/i.exec(value) ?? /^\/ipfs\/(.+)$/.exec(value);
  if (ipfs) return `${base}/ipfs/${ipfs[1]}`;
  if (/^(baf[a-z2-7]{50,}|Qm[1-9A-HJ-NP-Za-km-z]{44})$/.test(value)) return `${base}/ipfs/${value}`;
  if (value.includes('{address}')) return value.replaceAll('{address}', base);
  return value;
}
