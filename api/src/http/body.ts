import type { Context } from 'koa';
import { HttpError } from './errors.ts';
import { parseJsonBody } from './hostile-input.ts';

const LIMIT_BYTES = 1024 * 1024;

/** Reads a JSON body (at most 1 MiB unless `limitBytes` says less). An empty body is {}; malformed or hostile JSON is a 400, never a 500. */
export async function readJson(ctx: Context, limitBytes = LIMIT_BYTES): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) {
      // The rest of the body is never read: the connection cannot carry another request after this answer.
      ctx.set('Connection', 'close');
      throw new HttpError(413, 'Request body is too large', 'body_too_large');
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  return parseJsonBody(text);
}
