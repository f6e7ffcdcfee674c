import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseInput } from './validate.ts';

function refusal(schema: z.ZodType, input: unknown): { message: string; fields: Record<string, string> } {
  try {
    parseInput(schema, input, 'body');
  } catch (error) {
    return error as { message: string; fields: Record<string, string> };
  }
  throw new Error('accepted');
}

describe('field errors: one readable sentence each, the field named once', () => {
  it('never passes zod’s own wording through', () => {
    const schema = z.object({ userId: z.string(), count: z.number().int().min(2), tags: z.array(z.string()).min(1), kind: z.enum(['a', 'b']), mail: z.email() });
    const { message, fields } = refusal(schema, { count: 1, tags: [], kind: 'c', mail: 'x' });
    expect(fields).toEqual({
      userId: 'userId is required',
      count: 'count must be at least 2',
      tags: 'tags must have at least 1 item',
      kind: 'kind must be one of: a, b',
      mail: 'mail must be a valid email',
    });
    expect(message).toBe('userId is required');
    expect(refusal(z.object({ on: z.boolean() }), { on: 'yes' }).fields).toEqual({ on: 'on must be true or false' });
  });

  it('keeps the schema’s own messages, and never names a field twice', () => {
    const schema = z.object({
      userId: z.string({ error: 'userId is required' }),
      kycStatus: z.enum(['approved'], { error: 'kycStatus must be approved' }),
      amount: z.string({ error: 'Invalid bid amount' }),
      note: z.string().max(3, { error: 'must be short' }),
    });
    expect(refusal(schema, { note: 'long' }).fields).toEqual({
      userId: 'userId is required',
      kycStatus: 'kycStatus must be approved',
      amount: 'Invalid bid amount',
      note: 'note must be short',
    });
  });
});
