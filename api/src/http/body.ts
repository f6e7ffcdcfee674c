import type { Context } from 'koa';
import { HttpError } from './errors.ts';

const LIMIT_BYTES = 1024 * 1024;

/** Reads a JSON body (at most 1 MiB). An empty body is {}; malformed JSON is a 400, never a 500. */
export async function readJson(ctx: Context): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > LIMIT_BYTES) throw new HttpError(413, 'Request body is too large', 'body_too_large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON', 'invalid_json');
  }
}
