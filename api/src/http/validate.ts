import type { z } from 'zod';
import { messages } from '@gavel/domain';
import { HttpError } from './errors.ts';

/** Parses input with a domain schema; a failure is a 400 naming every wrong field with its message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, where: 'query' | 'body' | 'params'): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = issue.path.join('.') || where;
    fields[name] ??= issue.message;
  }
  const [first] = Object.entries(fields);
  const message = first ? (first[0] === where ? first[1] : fieldMessage(first[0], first[1])) : messages.server.invalidRequest;
  throw new HttpError(400, message, 'validation_failed', fields);
}

/** Messages that are already whole sentences (the spec's) stand alone; short rules get the field's name. */
function fieldMessage(field: string, rule: string): string {
  return /^[A-Z]/.test(rule) ? rule : `${field} ${rule}`;
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
