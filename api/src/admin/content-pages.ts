/**
 * The admin's content pages (about-us, privacy-policy, terms-conditions and any other): listed, written and
 * deleted here; anyone reads one through GET /cms/pages/:slug. The HTML is sanitized before it is stored
 * (content/sanitize.ts), so a page serves only what the allow-list keeps.
 */
import type { z } from 'zod';
import { adminMessages, type adminCmsPageSchema, type cmsPageBodySchema, type cmsPageUpdateBodySchema } from '@gavel/domain';
import { Refused, notFound } from '../refused.ts';
import type { CmsPage as PageRow, PrismaClient } from '../generated/prisma/client.ts';
import { sanitizeRichText } from '../content/sanitize.ts';

type AdminPage = z.output<typeof adminCmsPageSchema>;

const present = (page: PageRow): AdminPage => ({
  slug: page.slug,
  title: page.title,
  content: page.content,
  updatedAt: page.updatedAt.toISOString(),
  createdAt: page.createdAt.toISOString(),
});

/** Content that is empty once cleaned (only a script, say) is refused like empty content. */
function cleanContent(html: string): string {
  const clean = sanitizeRichText(html);
  if (!clean.replace(/<[^>]*>/g, '').trim() && !/<img\s/i.test(clean))
    throw new Refused('invalid', adminMessages.pageContentRequired, 'validation_failed', { content: adminMessages.pageContentRequired });
  return clean;
}

async function load(prisma: PrismaClient, slug: string): Promise<PageRow> {
  const page = await prisma.cmsPage.findUnique({ where: { slug } });
  if (!page) throw notFound('Page not found');
  return page;
}

/** Every content page, by slug. */
export async function contentPages(prisma: PrismaClient): Promise<AdminPage[]> {
  return (await prisma.cmsPage.findMany({ orderBy: { slug: 'asc' } })).map(present);
}

/** One content page as the admin edits it. */
export async function contentPage(prisma: PrismaClient, slug: string): Promise<AdminPage> {
  return present(await load(prisma, slug));
}

/** Creates a page; a slug already in use is refused (conflict). */
export async function createContentPage(prisma: PrismaClient, body: z.output<typeof cmsPageBodySchema>): Promise<AdminPage> {
  const content = cleanContent(body.content);
  if (await prisma.cmsPage.findUnique({ where: { slug: body.slug } })) throw new Refused('conflict', adminMessages.pageExists, 'page_exists', { slug: adminMessages.pageExists });
  return present(await prisma.cmsPage.create({ data: { slug: body.slug, title: body.title, content } }));
}

/** Changes a page's title and/or content. */
export async function updateContentPage(prisma: PrismaClient, slug: string, body: z.output<typeof cmsPageUpdateBodySchema>): Promise<AdminPage> {
  await load(prisma, slug);
  const page = await prisma.cmsPage.update({
    where: { slug },
    data: { ...(body.title !== undefined ? { title: body.title } : {}), ...(body.content !== undefined ? { content: cleanContent(body.content) } : {}) },
  });
  return present(page);
}

/** Deletes a page (the dapp then shows its built-in text, if any). */
export async function deleteContentPage(prisma: PrismaClient, slug: string): Promise<void> {
  await load(prisma, slug);
  await prisma.cmsPage.delete({ where: { slug } });
}
