import { POLICY_KINDS } from '@gavel/domain';
import { DEFAULT_PAGES } from '@gavel/domain/default-pages';
import type { PrismaClient } from '../../api/src/generated/prisma/client.ts';

/**
 * The CMS pages as the platform starts with them, each dated as its version. The policies among them (terms,
 * privacy, conditions of business) are also version 1 of their kind, published on that date: the admin's
 * Policies list shows the versions in force, and the next one an admin publishes is version 2.
 */
export async function seedCmsPages(prisma: PrismaClient): Promise<void> {
  for (const page of Object.values(DEFAULT_PAGES)) {
    const dated = new Date(`${page.updatedAt}T00:00:00.000Z`);
    await prisma.cmsPage.create({ data: { slug: page.slug, title: page.title, content: page.content, createdAt: dated, updatedAt: dated } });
    if (!(POLICY_KINDS as readonly string[]).includes(page.slug)) continue;
    await prisma.policy.create({
      data: { kind: page.slug, title: page.title, content: page.content, summary: 'The first published version.', version: 1, publishedAt: dated, createdAt: dated, updatedAt: dated },
    });
  }
}
