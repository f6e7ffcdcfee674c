/**
 * Image upload for the lot form and the content editor: checked here first with the admin form's words
 * (an image, under 10 MB), then sent to POST /auctions/upload-images; the stored address is data.url.
 */
import { adminMessages, LOT_IMAGE_MAX_BYTES, type uploadImageReplySchema } from '@gavel/domain';
import { apiRequest, type ReplyOf } from '../../api/http.ts';

export type ImageCheck = { ok: true } | { ok: false; title: string; detail: string };

export function checkImageFile(file: Pick<File, 'type' | 'size'>): ImageCheck {
  if (!file.type.startsWith('image/')) return { ok: false, title: adminMessages.invalidFile, detail: adminMessages.selectValidImage };
  if (file.size >= LOT_IMAGE_MAX_BYTES) return { ok: false, title: adminMessages.fileTooLarge, detail: adminMessages.selectSmallerImage };
  return { ok: true };
}

export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const reply = await apiRequest<ReplyOf<typeof uploadImageReplySchema>>('/auctions/upload-images', { method: 'POST', body: form });
  return reply.data.url;
}
