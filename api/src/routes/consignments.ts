/**
 * Consignments: a signed-in user offers an item for sale and follows their own submissions; admins review them
 * (list, detail, accept into an event as a lot whose seller is the consignor, decline with a reason). The rules
 * are in consignments/consignments.ts; images go through the same upload checks as every image (storage/), without
 * SVG: a consignor's file is shown to admins, so only plain raster images are taken from anyone but an admin.
 */
import {
  CONSIGNMENT_MAX_IMAGES,
  LOT_IMAGE_MAX_BYTES,
  adminConsignmentListQuerySchema,
  adminConsignmentListSchema,
  adminConsignmentReplySchema,
  adminMessages,
  consignmentAcceptBodySchema,
  consignmentBodySchema,
  consignmentDeclineBodySchema,
  consignmentListSchema,
  consignmentMessages,
  consignmentReplySchema,
  imageFileError,
  paginationOf,
  uploadImageReplySchema,
} from '@gavel/domain';
import { Refused } from '../refused.ts';
import { readMultipart } from '../http/multipart.ts';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { looksLike, pinImage } from '../storage/image-pinning.ts';
import { acceptConsignment, adminConsignment, declineConsignment, listConsignments, myConsignment, myConsignments, submitConsignment } from '../consignments/consignments.ts';

const TAG = 'Consignments';
const ADMIN_TAG = 'Admin: consignments';
const admin = { roles: ['admin'] as const };
const RASTER = new Set(['image/jpeg', 'image/jpg', 'image/png', 'image/webp']);

export function consignmentRoutes(routes: RouteTable, services: Services): void {
  routes.add({
    method: 'post',
    path: '/consignments/images',
    rateLimit: 'uploads',
    tag: TAG,
    summary: "Upload one image of an item offered for sale (multipart `file`): JPEG, PNG or WebP up to 10 MB, stored as a lot's images are",
    description: `Reply data.url goes into the consignment's imageUrls (at most ${CONSIGNMENT_MAX_IMAGES}).`,
    access: {},
    reply: uploadImageReplySchema,
    status: 201,
    errors: { 413: adminMessages.uploadSmallerImage, 415: consignmentMessages.imageType },
    handler: async ({ ctx }) => {
      const { file } = await readMultipart(ctx, { maxFileBytes: LOT_IMAGE_MAX_BYTES, tooLarge: adminMessages.uploadSmallerImage });
      if (!file) throw new Refused('invalid', consignmentMessages.imageType, 'invalid_file', { file: consignmentMessages.imageType });
      const type = file.contentType.toLowerCase();
      const refused = !RASTER.has(type) || imageFileError({ type, size: file.bytes.length }, 'storage');
      if (refused || !looksLike(type, file.bytes)) throw new Refused('unsupported_type', consignmentMessages.imageType, 'invalid_file', { [file.field]: consignmentMessages.imageType });
      const data = await pinImage({ ...file, contentType: type === 'image/jpg' ? 'image/jpeg' : type }, services.contentStore, services.config.storage);
      return { message: 'Image uploaded successfully', data };
    },
  });

  routes.add({
    method: 'post',
    path: '/consignments',
    tag: TAG,
    summary: 'Offer an item for sale: title, description, images, an estimate in US dollars and how it is held',
    description: 'An inscription needs its inscription id; an NFT its contract address and token id. A 400 names the field.',
    access: {},
    body: consignmentBodySchema,
    reply: consignmentReplySchema,
    status: 201,
    handler: async ({ user, body }) => ({ message: consignmentMessages.submitted, data: await submitConsignment(services, user.id, body) }),
  });

  routes.add({
    method: 'get',
    path: '/consignments/mine',
    tag: TAG,
    summary: "The caller's own submissions, newest first, with each one's review",
    access: {},
    reply: consignmentListSchema,
    handler: async ({ user }) => ({ data: await myConsignments(services, user.id) }),
  });

  routes.add({
    method: 'get',
    path: '/consignments/:id',
    tag: TAG,
    summary: "One of the caller's own submissions (anyone else's is a 404)",
    access: {},
    reply: consignmentReplySchema,
    errors: { 404: consignmentMessages.notFound },
    handler: async ({ user, params }) => ({ data: await myConsignment(services, user.id, params.id!) }),
  });

  routes.add({
    method: 'get',
    path: '/admin/consignments',
    tag: ADMIN_TAG,
    summary: 'Every submission, newest first (status=submitted for those waiting for review)',
    access: admin,
    query: adminConsignmentListQuerySchema,
    reply: adminConsignmentListSchema,
    handler: async ({ query }) => {
      const { rows, total, limit, offset } = await listConsignments(services, query);
      return { data: rows, pagination: paginationOf(total, limit, offset) };
    },
  });

  routes.add({
    method: 'get',
    path: '/admin/consignments/:id',
    tag: ADMIN_TAG,
    summary: 'One submission with its consignor',
    access: admin,
    reply: adminConsignmentReplySchema,
    errors: { 404: consignmentMessages.notFound },
    handler: async ({ params }) => ({ data: await adminConsignment(services, params.id!) }),
  });

  routes.add({
    method: 'post',
    path: '/admin/consignments/:id/accept',
    tag: ADMIN_TAG,
    summary: 'Accept a submission into an auction event as a lot whose creator (seller) is the consignor',
    description: "The body is the lot form's (its rules and texts); title, description, images and the item's identifiers default to the submission's, the payment method to the item's chain.",
    access: admin,
    body: consignmentAcceptBodySchema,
    reply: adminConsignmentReplySchema,
    errors: { 404: consignmentMessages.notFound, 409: consignmentMessages.alreadyReviewed },
    handler: async ({ user, params, body }) => ({ message: consignmentMessages.accepted, data: await acceptConsignment(services, user.id, params.id!, body) }),
  });

  routes.add({
    method: 'post',
    path: '/admin/consignments/:id/decline',
    tag: ADMIN_TAG,
    summary: 'Decline a submission with a reason; the consignor is e-mailed it',
    access: admin,
    body: consignmentDeclineBodySchema,
    reply: adminConsignmentReplySchema,
    errors: { 404: consignmentMessages.notFound, 409: consignmentMessages.alreadyReviewed },
    handler: async ({ user, params, body }) => ({ message: consignmentMessages.declined, data: await declineConsignment(services, user.id, params.id!, body.reason) }),
  });
}
