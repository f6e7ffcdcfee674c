/**
 * Admin content pages: list, create, update, delete. The HTML is sanitized before
 * it is stored (content/sanitize.ts), so the public GET /cms/pages/:slug serves only what the allow-list keeps.
 */
import { adminCmsPageListSchema, adminCmsPageReplySchema, adminMessages, cmsPageBodySchema, cmsPageUpdateBodySchema, deletedReplySchema } from '@gavel/domain';
import { HttpError } from '../http/errors.ts';
import type { RouteTable } from '../http/route-table.ts';
import type { Services } from '../services.ts';
import type { CmsPage } from '../generated/prisma/client.ts';
import { sanitizeRichText } from '../content/sanitize.ts';

const admin = { roles: ['admin'] as const };
const TAG = 'Admin: content';

const present = (page: CmsPage) => ({
  slug: page.slug,
  title: page.title,
  content: page.content,
  updatedAt: page.updatedAt.toISOString(),
  createdAt: page.createdAt.toISOString(),
});

/** Content that is empty once cleaned (only a script, say) is refused like empty content. */
function cleanContent(html: string): string {
  const clean = sanitizeRichText(html);
  if (!clean.replace(/<[^>]*>/g, '').trim() && !/<img\s/i.test(clean)) throw new HttpError(400, adminMessages.pageContentRequired, 'validation_failed', { content: adminMessages.pageContentRequired });
  return clean;
}

export function adminContentRoutes(routes: RouteTable, { db }: Services): void {
  const { prisma } = db;
  const load = async (slug: string) => {
    const page = await prisma.cmsPage.findUnique({ where: { slug } });
    if (!page) throw new HttpError(404, 'Page not found', 'not_found');
    return page;
  };

  routes.add({
    method: 'get',
    path: '/cms/admin/pages',
    tag: TAG,
    summary: 'Every content page (about-us, privacy-policy, terms-conditions and any other)',
    access: admin,
    reply: adminCmsPageListSchema,
    handler: async () => ({ data: (await prisma.cmsPage.findMany({ orderBy: { slug: 'asc' } })).map(present) }),
  });

  routes.add({
    method: 'get',
    path: '/cms/admin/pages/:slug',
    tag: TAG,
    summary: 'One content page',
    access: admin,
    reply: adminCmsPageReplySchema,
    errors: { 404: 'Page not found' },
    handler: async ({ params }) => ({ data: present(await load(params.slug!)) }),
  });

  routes.add({
    method: 'post',
    path: '/cms/admin/pages',
    tag: TAG,
    summary: 'Create a content page (HTML sanitized on the way in)',
    access: admin,
    body: cmsPageBodySchema,
    reply: adminCmsPageReplySchema,
    status: 201,
    errors: { 409: adminMessages.pageExists },
    handler: async ({ body }) => {
      const content = cleanContent(body.content);
      if (await prisma.cmsPage.findUnique({ where: { slug: body.slug } })) throw new HttpError(409, adminMessages.pageExists, 'page_exists', { slug: adminMessages.pageExists });
      const page = await prisma.cmsPage.create({ data: { slug: body.slug, title: body.title, content } });
      return { message: adminMessages.pageSaved, data: present(page) };
    },
  });

  routes.add({
    method: 'put',
    path: '/cms/admin/pages/:slug',
    tag: TAG,
    summary: 'Update a content page’s title and/or content (HTML sanitized on the way in)',
    access: admin,
    body: cmsPageUpdateBodySchema,
    reply: adminCmsPageReplySchema,
    errors: { 404: 'Page not found' },
    handler: async ({ params, body }) => {
      await load(params.slug!);
      const page = await prisma.cmsPage.update({
        where: { slug: params.slug! },
        data: { ...(body.title !== undefined ? { title: body.title } : {}), ...(body.content !== undefined ? { content: cleanContent(body.content) } : {}) },
      });
      return { message: adminMessages.pageSaved, data: present(page) };
    },
  });

  routes.add({
    method: 'delete',
    path: '/cms/admin/pages/:slug',
    tag: TAG,
    summary: 'Delete a content page (the dapp then shows its built-in text, if any)',
    access: admin,
    reply: deletedReplySchema,
    errors: { 404: 'Page not found' },
    handler: async ({ params }) => {
      await load(params.slug!);
      await prisma.cmsPage.delete({ where: { slug: params.slug! } });
      return { message: adminMessages.pageDeleted, data: { _id: params.slug! } };
    },
  });
}
