/** Admin content pages: list, create, update, delete (admin/content-pages.ts; the HTML is sanitized before it is stored). */
import { adminCmsPageListSchema, adminCmsPageReplySchema, adminMessages, cmsPageBodySchema, cmsPageUpdateBodySchema, deletedReplySchema } from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { contentPage, contentPages, createContentPage, deleteContentPage, updateContentPage } from '../admin/content-pages.ts';

const admin = { roles: ['admin'] as const };
const TAG = 'Admin: content';

export function adminContentRoutes(routes: RouteTable, { db }: Services): void {
  const { prisma } = db;

  routes.add({
    method: 'get',
    path: '/cms/admin/pages',
    tag: TAG,
    summary: 'Every content page (about-us, privacy-policy, terms-conditions and any other)',
    access: admin,
    reply: adminCmsPageListSchema,
    handler: async () => ({ data: await contentPages(prisma) }),
  });

  routes.add({
    method: 'get',
    path: '/cms/admin/pages/:slug',
    tag: TAG,
    summary: 'One content page',
    access: admin,
    reply: adminCmsPageReplySchema,
    errors: { 404: 'Page not found' },
    handler: async ({ params }) => ({ data: await contentPage(prisma, params.slug!) }),
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
    handler: async ({ body }) => ({ message: adminMessages.pageSaved, data: await createContentPage(prisma, body) }),
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
    handler: async ({ params, body }) => ({ message: adminMessages.pageSaved, data: await updateContentPage(prisma, params.slug!, body) }),
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
      await deleteContentPage(prisma, params.slug!);
      return { message: adminMessages.pageDeleted, data: { _id: params.slug! } };
    },
  });
}
