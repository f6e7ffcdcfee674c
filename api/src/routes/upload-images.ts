/**
 * POST /auctions/upload-images (admin lot form and CMS editor): one image, multipart field `file` (or `image`),
 * JPEG, PNG, WebP or SVG up to 10 MB. Refusals carry the spec's storage upload texts; the admin
 * form checks the same limits first with its own texts (both sets live in domain).
 */
import { LOT_IMAGE_MAX_BYTES, adminMessages, imageFileError, uploadImageReplySchema } from '@gavel/domain';
import { Refused } from '../refused.ts';
import { readMultipart } from '../http/multipart.ts';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { looksLike, pinImage } from '../storage/image-pinning.ts';

export function uploadImageRoutes(routes: RouteTable, { contentStore, config }: Services): void {
  const { storage } = config;
  routes.add({
    method: 'post',
    path: '/auctions/upload-images',
    rateLimit: 'uploads',
    tag: 'Admin: lots',
    summary: 'Upload an image (multipart `file`): pinned on IPFS with PINATA_JWT, else stored locally by its real CID',
    description: `Reply data.url is what a lot's imageUrls store. ${storage.pinata ? 'Pinned through Pinata.' : 'Stored locally and served at /ipfs/:cid.'}`,
    access: { roles: ['admin'] as const },
    reply: uploadImageReplySchema,
    status: 201,
    errors: { 413: adminMessages.uploadSmallerImage, 415: adminMessages.uploadValidImage, 502: adminMessages.uploadFailedDetail },
    handler: async ({ ctx }) => {
      const { file } = await readMultipart(ctx, { maxFileBytes: LOT_IMAGE_MAX_BYTES, tooLarge: adminMessages.uploadSmallerImage });
      if (!file) throw new Refused('invalid', adminMessages.uploadValidImage, 'invalid_file', { file: adminMessages.uploadValidImage });
      const type = file.contentType.toLowerCase();
      const refused = imageFileError({ type, size: file.bytes.length }, 'storage');
      if (refused || !looksLike(type, file.bytes)) throw new Refused('unsupported_type', adminMessages.uploadValidImage, 'invalid_file', { [file.field]: adminMessages.uploadValidImage });
      const data = await pinImage({ ...file, contentType: type === 'image/jpg' ? 'image/jpeg' : type }, contentStore, storage);
      return { message: 'Image uploaded successfully', data };
    },
  });
}
