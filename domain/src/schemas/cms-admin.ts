/**
 * Admin content pages: GET/POST /cms/admin/pages, PUT/DELETE /cms/admin/pages/:slug.
 * The api sanitizes `content` with an allow-list before storing it; what it returns is what it stored.
 */
import { z } from 'zod';
import { adminMessages } from '../messages.ts';
import { cmsPageSchema } from './content.ts';

const slug = z
  .string({ error: adminMessages.pageSlugFormat })
  .trim()
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: adminMessages.pageSlugFormat });

export const cmsPageBodySchema = z.object({
  slug,
  title: z.string({ error: adminMessages.pageTitleRequired }).trim().min(1, { error: adminMessages.pageTitleRequired }).max(200),
  content: z
    .string({ error: adminMessages.pageContentRequired })
    .max(500_000)
    .refine((c) => c.trim().length > 0, { error: adminMessages.pageContentRequired }),
});
export const cmsPageUpdateBodySchema = cmsPageBodySchema.omit({ slug: true }).partial();

export const adminCmsPageSchema = cmsPageSchema.extend({ createdAt: z.string() });
export const adminCmsPageListSchema = z.object({ data: z.array(adminCmsPageSchema) });
export const adminCmsPageReplySchema = z.object({ message: z.string().optional(), data: adminCmsPageSchema });

/** The rich-text editor's link rule, shared with the api's sanitizer: a non-empty, safe URL. */
export function linkUrlError(href: string | null | undefined): string | null {
  const url = (href ?? '').trim();
  if (!url) return adminMessages.linkUrlRequired;
  if (!/^(https?:|mailto:|\/|#)/i.test(url)) return adminMessages.linkUrlRequired;
  return null;
}
