/**
 * Policy drafts as the admin writes them (decided; the spec shows the screen without contents): written and
 * edited freely, then published as the next numbered version of their kind (content/policies.ts). A published
 * version is frozen: changing or deleting it is refused (conflict). Content is sanitized like content pages.
 */
import type { z } from 'zod';
import { adminMessages, type Policy, type policyBodySchema, type policyUpdateBodySchema } from '@gavel/domain';
import { Refused, notFound } from '../refused.ts';
import type { Policy as PolicyRow, PrismaClient } from '../generated/prisma/client.ts';
import { sanitizeRichText } from '../content/sanitize.ts';
import { currentVersions, presentPolicy, publishPolicy } from '../content/policies.ts';

async function draft(prisma: PrismaClient, id: string): Promise<PolicyRow> {
  const row = await prisma.policy.findUnique({ where: { id } });
  if (!row) throw notFound(adminMessages.policyNotFound);
  if (row.version !== null) throw new Refused('conflict', adminMessages.policyPublishedLocked, 'policy_published');
  return row;
}

function clean(html: string): string {
  const content = sanitizeRichText(html);
  if (!content.replace(/<[^>]*>/g, '').trim()) throw new Refused('invalid', adminMessages.pageContentRequired, 'validation_failed', { content: adminMessages.pageContentRequired });
  return content;
}

/** Writes a new draft. */
export async function writePolicyDraft(prisma: PrismaClient, body: z.output<typeof policyBodySchema>): Promise<Policy> {
  const row = await prisma.policy.create({ data: { kind: body.kind, title: body.title, content: clean(body.content), summary: body.summary ?? '' } });
  return presentPolicy(row, await currentVersions(prisma));
}

/** Edits a draft (absent fields keep their values). */
export async function editPolicyDraft(prisma: PrismaClient, id: string, body: z.output<typeof policyUpdateBodySchema>): Promise<Policy> {
  const row = await draft(prisma, id);
  const updated = await prisma.policy.update({
    where: { id: row.id },
    data: {
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.content !== undefined ? { content: clean(body.content) } : {}),
      ...(body.summary !== undefined ? { summary: body.summary } : {}),
    },
  });
  return presentPolicy(updated, await currentVersions(prisma));
}

/** Deletes a draft (published versions are kept: users accepted them). */
export async function deletePolicyDraft(prisma: PrismaClient, id: string): Promise<void> {
  const row = await draft(prisma, id);
  await prisma.policy.delete({ where: { id: row.id } });
}

/** Publishes a draft as the next version of its kind; a draft another request published first is refused (conflict). */
export async function publishPolicyDraft(prisma: PrismaClient, id: string, requireReacceptance: boolean): Promise<Policy> {
  await draft(prisma, id);
  const published = await publishPolicy(prisma, id, requireReacceptance);
  if (!published) throw new Refused('conflict', adminMessages.policyPublishedLocked, 'policy_published');
  return presentPolicy(published, await currentVersions(prisma));
}
