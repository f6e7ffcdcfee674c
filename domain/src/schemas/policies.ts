/**
 * Versioned platform policies (admin-side: "Policies", contents not shown; decided here). A policy is written
 * as a draft, then published: publishing gives it the next version number of its kind and makes it current.
 * Publishing new terms may require everyone to accept again (the bid gate then asks); accepting the terms
 * (POST /auth/accept-terms) records the version accepted.
 */
import { z } from 'zod';
import { adminMessages } from '../messages.ts';

export const POLICY_KINDS = ['terms-conditions', 'privacy-policy', 'conditions-of-business'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

export const policyBodySchema = z.object({
  kind: z.enum(POLICY_KINDS, { error: adminMessages.policyKindRequired }),
  title: z.string({ error: adminMessages.pageTitleRequired }).trim().min(1, { error: adminMessages.pageTitleRequired }).max(200),
  content: z
    .string({ error: adminMessages.pageContentRequired })
    .max(500_000)
    .refine((c) => c.trim().length > 0, { error: adminMessages.pageContentRequired }),
  /** Shown with the version ("what changed"). */
  summary: z.string().trim().max(1000).optional(),
});
export const policyUpdateBodySchema = policyBodySchema.omit({ kind: true }).partial();

/** POST /admin/policies/:id/publish. Terms only: whether everyone must accept the new version before bidding again. */
export const publishPolicyBodySchema = z.object({ requireReacceptance: z.boolean().optional() });

export const policyListQuerySchema = z.object({ kind: z.enum(POLICY_KINDS, { error: `must be one of ${POLICY_KINDS.join(', ')}` }).optional() });

export const policySchema = z.object({
  _id: z.string(),
  kind: z.enum(POLICY_KINDS),
  title: z.string(),
  content: z.string(),
  summary: z.string(),
  /** Null while a draft. */
  version: z.number().int().nullable(),
  status: z.enum(['draft', 'published']),
  /** The published version of its kind that is in force. */
  current: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Policy = z.infer<typeof policySchema>;
export const policyReplySchema = z.object({ message: z.string().optional(), data: policySchema });
export const policyListSchema = z.object({ data: z.array(policySchema) });
