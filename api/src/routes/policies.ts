/**
 * Platform policies (decided; the spec shows the screen without contents): admins write drafts and publish
 * them as numbered versions (admin/policy-drafts.ts); anyone reads the versions in force (content/policies.ts).
 */
import { adminMessages, deletedReplySchema, fill, policyBodySchema, policyListQuerySchema, policyListSchema, policyReplySchema, policyUpdateBodySchema, publishPolicyBodySchema } from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { policiesInForce, policyVersions } from '../content/policies.ts';
import { deletePolicyDraft, editPolicyDraft, publishPolicyDraft, writePolicyDraft } from '../admin/policy-drafts.ts';

const admin = { roles: ['admin'] as const };
const TAG = 'Policies';

export function policyRoutes(routes: RouteTable, { db }: Services): void {
  const { prisma } = db;

  routes.add({
    method: 'get',
    path: '/policies',
    tag: TAG,
    summary: 'The policies in force (latest published version of each kind)',
    query: policyListQuerySchema,
    reply: policyListSchema,
    handler: async ({ query }) => ({ data: await policiesInForce(prisma, query.kind) }),
  });

  routes.add({
    method: 'get',
    path: '/admin/policies',
    tag: TAG,
    summary: 'Every policy version and draft, newest first',
    access: admin,
    query: policyListQuerySchema,
    reply: policyListSchema,
    handler: async ({ query }) => ({ data: await policyVersions(prisma, query.kind) }),
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
    handler: async ({ body }) => ({ message: adminMessages.policySaved, data: await writePolicyDraft(prisma, body) }),
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
    handler: async ({ params, body }) => ({ message: adminMessages.policySaved, data: await editPolicyDraft(prisma, params.id!, body) }),
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
      await deletePolicyDraft(prisma, params.id!);
      return { message: adminMessages.policyDeleted, data: { _id: params.id! } };
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
      const published = await publishPolicyDraft(prisma, params.id!, body.requireReacceptance ?? true);
      return { message: fill(adminMessages.policyPublished, { version: published.version! }), data: published };
    },
  });
}
