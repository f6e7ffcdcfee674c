/** Content pages as anyone reads them (about-us, privacy-policy, terms-conditions and any other the admin wrote). */
import type { CmsPage } from '@gavel/domain';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { sanitizeRichText } from './sanitize.ts';

/** The page of this slug, or null when there is none. */
export async function contentPageBySlug(prisma: PrismaClient, slug: string | undefined): Promise<CmsPage | null> {
  const page = await prisma.cmsPage.findUnique({ where: { slug } });
  if (!page) return null;
  // Stored content is sanitized on write; cleaning again on read also covers pages written before that rule.
  return { slug: page.slug, title: page.title, content: sanitizeRichText(page.content), updatedAt: page.updatedAt.toISOString() };
}
