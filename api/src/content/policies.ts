/**
 * Versioned platform policies: drafts are edited freely; publishing numbers the version within its kind,
 * freezes it and makes it the one in force. Each kind is the slug of a CMS page (terms-conditions,
 * privacy-policy, conditions-of-business): publishing replaces that page, so buyers read the version in force.
 */
import type { Policy, PolicyKind } from '@gavel/domain';
import type { Policy as PolicyRow, PrismaClient } from '../generated/prisma/client.ts';

export async function currentTermsVersion(prisma: PrismaClient): Promise<number | null> {
  const current = await prisma.policy.findFirst({ where: { kind: 'terms-conditions', version: { not: null } }, orderBy: { version: 'desc' }, select: { version: true } });
  return current?.version ?? null;
}

/** The highest published version of each kind. */
export async function currentVersions(prisma: PrismaClient): Promise<Map<string, number>> {
  const rows = await prisma.policy.groupBy({ by: ['kind'], where: { version: { not: null } }, _max: { version: true } });
  return new Map(rows.map((r) => [r.kind, r._max.version ?? 0]));
}

/** The policies in force (the latest published version of each kind), of one kind or all. */
export async function policiesInForce(prisma: PrismaClient, kind: PolicyKind | undefined): Promise<Policy[]> {
  const current = await currentVersions(prisma);
  const wanted = [...current].filter(([k]) => !kind || k === kind);
  const rows = await prisma.policy.findMany({ where: { OR: wanted.map(([k, version]) => ({ kind: k, version })) }, orderBy: { kind: 'asc' } });
  return wanted.length ? rows.map((r) => presentPolicy(r, current)) : [];
}

/** Every policy version and draft, of one kind or all, newest first within each kind. */
export async function policyVersions(prisma: PrismaClient, kind: PolicyKind | undefined): Promise<Policy[]> {
  const [rows, current] = await Promise.all([prisma.policy.findMany({ where: kind ? { kind } : {}, orderBy: [{ kind: 'asc' }, { createdAt: 'desc' }] }), currentVersions(prisma)]);
  return rows.map((r) => presentPolicy(r, current));
}

export function presentPolicy(row: PolicyRow, current: Map<string, number>): Policy {
  return {
    _id: row.id,
    kind: row.kind as PolicyKind,
    title: row.title,
    content: row.content,
    summary: row.summary,
    version: row.version,
    status: row.version === null ? 'draft' : 'published',
    current: row.version !== null && current.get(row.kind) === row.version,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Publishes a draft as the next version of its kind, in one transaction; the unique (kind, version) index
 * turns a racing second publish into a retry rather than two policies with one number.
 */
export async function publishPolicy(prisma: PrismaClient, id: string, requireReacceptance: boolean): Promise<PolicyRow | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await prisma.$transaction(async (tx) => {
        const draft = await tx.policy.findUnique({ where: { id } });
        if (!draft || draft.version !== null) return null;
        const top = await tx.policy.aggregate({ where: { kind: draft.kind }, _max: { version: true } });
        const publishedAt = new Date();
        const published = await tx.policy.update({ where: { id }, data: { version: (top._max.version ?? 0) + 1, publishedAt } });
        // The page buyers read is the version in force, dated as it: the page's date is the version's.
        const page = { title: draft.title, content: draft.content, updatedAt: publishedAt };
        await tx.cmsPage.upsert({ where: { slug: draft.kind }, create: { slug: draft.kind, ...page }, update: page });
        // New terms: everyone accepts again before the next bid (the terms gate asks, as for a new user).
        if (draft.kind === 'terms-conditions' && requireReacceptance) await tx.user.updateMany({ where: { termsAccepted: true }, data: { termsAccepted: false } });
        return published;
      });
    } catch (error) {
      if ((error as { code?: string }).code !== 'P2002') throw error;
    }
  }
  throw new Error('could not number the policy version');
}
