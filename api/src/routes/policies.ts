/**
 * Platform policies (decided; the spec shows the screen without contents): admins write drafts and publish
 * them as numbered versions; anyone reads the versions in force. Content is sanitized like CMS pages.
 */
import { adminMessages, deletedReplySchema, fill, policyBodySchema, policyListQuerySchema, policyListSchema, policyReplySchema, policyUpdateBodySchema, publishPolicyBodySchema } from '@gavel/domain';
import { HttpError } from '../http/errors.ts';
import type { RouteTable } from '../http/route-table.ts';
import type { Services } from '../services.ts';
import { sanitizeRichText } from '../content/sanitize.ts';
import { currentVersions, presentPolicy, publishPolicy } from '../content/policies.ts';

const admin = { roles: ['admin'] as const };
const TAG = 'Policies';

export function policyRoutes(routes: RouteTable, { db }: Services): void {
  const { prisma } = db;
  const load = async (id: string) => {
    const row = await prisma.policy.findUnique({ where: { id } });
    if (!row) throw new HttpError(404, adminMessages.policyNotFound, 'not_found');
    return row;
  };
  const draft = async (id: string) => {
    const row = await load(id);
    if (row.version !== null) throw new HttpError(409, adminMessages.policyPublishedLocked, 'policy_published');
    return row;
  };
  const clean = (html: string) => {
    const content = sanitizeRichText(html);
    if (!content.replace(/<[^>]*>/g, '').trim()) throw new HttpError(400, adminMessages.pageContentRequired, 'validation_failed', { content: adminMessages.pageContentRequired });
    return content;
  };

  routes.add({
    method: 'get',
    path: '/policies',
    tag: TAG,
    summary: 'The policies in force (latest published version of each kind)',
    query: policyListQuerySchema,
    reply: policyListSchema,
    handler: async ({ query }) => {
      const current = await currentVersions(prisma);
      const wanted = [...current].filter(([kind]) => !query.kind || kind === query.kind);
      const rows = await prisma.policy.findMany({ where: { OR: wanted.map(([kind, version]) => ({ kind, version })) }, orderBy: { kind: 'asc' } });
      return { data: wanted.length ? rows.map((r) => presentPolicy(r, current)) : [] };
    },
  });

  routes.add({
    method: 'get',
    path: '/admin/policies',
    tag: TAG,
    summary: 'Every policy version and draft, newest first',
    access: admin,
    query: policyListQuerySchema,
    reply: policyListSchema,
    handler: async ({ query }) => {
      const [rows, current] = await Promise.all([
        prisma.policy.findMany({ where: query.kind ? { kind: query.kind } : {}, orderBy: [{ kind: 'asc' }, { createdAt: 'desc' }] }),
        currentVersions(prisma),
      ]);
      return { data: rows.map((r) => presentPolicy(r, current)) };
    },
  });

  routes.add({
    method: 'post',
    path: '/admin/policies',
    tag: TAG,
    summary: 'Write a policy draft',
    access: admin,
    body: policyBodySchema,
    reply: policyReplySchema,
    status: 201,
    handler: async ({ body }) => {
      const row = await prisma.policy.create({ data: { kind: body.kind, title: body.title, content: clean(body.content), summary: body.summary ?? '' } });
      return { message: adminMessages.policySaved, data: presentPolicy(row, await currentVersions(prisma)) };
    },
  });

  routes.add({
    method: 'put',
    path: '/admin/policies/:id',
    tag: TAG,
    summary: 'Edit a draft (a published version is frozen: write a new draft)',
    access: admin,
    body: policyUpdateBodySchema,
    reply: policyReplySchema,
    errors: { 404: adminMessages.policyNotFound, 409: adminMessages.policyPublishedLocked },
    handler: async ({ params, body }) => {
      const row = await draft(params.id!);
      const updated = await prisma.policy.update({
        where: { id: row.id },
        data: {
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.content !== undefined ? { content: clean(body.content) } : {}),
          ...(body.summary !== undefined ? { summary: body.summary } : {}),
        },
      });
      return { message: adminMessages.policySaved, data: presentPolicy(updated, await currentVersions(prisma)) };
    },
  });

  routes.add({
    method: 'delete',
    path: '/admin/policies/:id',
    tag: TAG,
    summary: 'Delete a draft (published versions are kept: users accepted them)',
    access: admin,
    reply: deletedReplySchema,
    errors: { 404: adminMessages.policyNotFound, 409: adminMessages.policyPublishedLocked },
    handler: async ({ params }) => {
      const row = await draft(params.id!);
      await prisma.policy.delete({ where: { id: row.id } });
      return { message: adminMessages.policyDeleted, data: { _id: row.id } };
    },
  });

  routes.add({
    method: 'post',
    path: '/admin/policies/:id/publish',
    tag: TAG,
    summary: 'Publish a draft as the next version of its kind',
    description:
      'The version replaces the CMS page of the same slug (what buyers read), dated as published. New terms ask every user to accept again before their next bid ' +
      'unless `requireReacceptance: false` (for corrections that change nothing a bidder agreed to).',
    access: admin,
    body: publishPolicyBodySchema,
    reply: policyReplySchema,
    errors: { 404: adminMessages.policyNotFound, 409: adminMessages.policyPublishedLocked },
    handler: async ({ params, body }) => {
      await draft(params.id!);
      const published = await publishPolicy(prisma, params.id!, body.requireReacceptance ?? true);
      if (!published) throw new HttpError(409, adminMessages.policyPublishedLocked, 'policy_published');
      return { message: fill(adminMessages.policyPublished, { version: published.version! }), data: presentPolicy(published, await currentVersions(prisma)) };
    },
  });
}
