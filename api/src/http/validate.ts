import type { z } from 'zod';
import { messages } from '@gavel/domain';
import { Refused } from '../refused.ts';

/**
 * Parses input with a domain schema; a failure is a 400 naming every wrong field, each with one readable
 * sentence that names the field once: the schema's own message when it has one, else a sentence made here from
 * what zod found (never zod's raw "Invalid input: expected string, received undefined").
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, where: 'query' | 'body' | 'params'): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = issue.path.join('.') || where;
    fields[name] ??= sentenceOf(issue, name === where ? null : name);
  }
  const [first] = Object.values(fields);
  throw new Refused('invalid', first ?? messages.server.invalidRequest, 'validation_failed', fields);
}

/** zod's own wording, which no user should read: its default messages start so. */
const ZOD_DEFAULT =
  /^(Invalid input|Invalid option|Invalid string|Invalid element|Invalid key|Invalid union|Invalid discriminator|Invalid format|Invalid value|Invalid number|Too small|Too big|Unrecognized key|Invalid (email address|UUID|GUID|URL|ISO|IPv[46]|base64|hex|JWT|emoji|nanoid|cuid|ulid|E\.164|CIDR|MAC|hostname))/;

/** One sentence for one issue, the field named once (`field` null: the whole query or body). */
export function sentenceOf(issue: z.core.$ZodIssue, field: string | null): string {
  const rule = issue.message;
  if (!ZOD_DEFAULT.test(rule)) {
    // A whole sentence (the spec's messages), or a rule that already names its field, stands as it is.
    if (/^[A-Z]/.test(rule) || field === null || rule.startsWith(field)) return rule;
    return `${field} ${rule}`;
  }
  const subject = field ?? 'The request';
  switch (issue.code) {
    case 'invalid_type':
      // zod leaves the input out of its issues; its own message says what it received.
      if (/received undefined$/.test(rule)) return `${subject} is required`;
      return `${subject} must be ${kind(issue.expected)}`;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? `${subject} is required` : `${subject} must be at least ${issue.minimum} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${subject} must have at least ${issue.minimum} item${Number(issue.minimum) === 1 ? '' : 's'}`;
      return `${subject} must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `${subject} must be at most ${issue.maximum} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${subject} must have at most ${issue.maximum} items`;
      return `${subject} must be at most ${issue.maximum}`;
    case 'invalid_value':
      return `${subject} must be one of: ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex' ? `${subject} is not valid` : `${subject} must be a valid ${issue.format}`;
    case 'unrecognized_keys':
      return `${subject} has fields it does not take: ${issue.keys.join(', ')}`;
    default:
      return `${subject} is not valid`;
  }
}

function kind(expected: string): string {
  if (expected === 'boolean') return 'true or false';
  if (expected === 'array' || expected === 'object' || expected === 'integer') return `an ${expected}`;
  return `a ${expected}`;
}

/** Koa gives repeated query keys as arrays; the api's filters take one value each, the first. */
export function singleValued(query: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined && first !== '') out[key] = first;
  }
  return out;
}
