/**
 * JSON replies of a kilobyte or more, gzipped for clients that accept it. A page of twenty lots is about 30 kB as
 * text and a sixth of that gzipped, and a phone on a slow network waits for it before it can show a picture.
 * Streams (event streams, files) and buffers are left as they are: they are sent whole or encoded already.
 */
import { Stream } from 'node:stream';
import { gzipSync } from 'node:zlib';
import type { Context, Next } from 'koa';

const MIN_BYTES = 1024;

export function compressJson() {
  return async (ctx: Context, next: Next) => {
    await next();
    if (ctx.method === 'HEAD' || ctx.response.get('Content-Encoding') || !ctx.response.is('json')) return;
    const text = jsonText(ctx.body);
    if (text === null) return;
    ctx.vary('Accept-Encoding');
    if (Buffer.byteLength(text) < MIN_BYTES || ctx.acceptsEncodings('gzip', 'identity') !== 'gzip') {
      ctx.body = text; // serialized once, here, not again by Koa
      return;
    }
    // The type (application/json) was set with the first body and stays.
    ctx.body = gzipSync(text);
    ctx.set('Content-Encoding', 'gzip');
  };
}

/** The reply as Koa would write it: a string (a cached page) as is, an object as its JSON; null for anything else. */
function jsonText(body: unknown): string | null {
  if (typeof body === 'string') return body;
  if (body === null || typeof body !== 'object' || Buffer.isBuffer(body) || body instanceof Stream) return null;
  return JSON.stringify(body);
}
