import type { IncomingMessage } from 'node:http';
import type { Context } from 'koa';
import { Refused } from '../refused.ts';
import { parseJsonBody } from './hostile-input.ts';

const LIMIT_BYTES = 1024 * 1024;
/**
 * After a body is refused for its size, how much more of it is read and thrown away, and for how long, before the
 * connection is cut. Closing a connection with the client's bytes unread makes the kernel answer with a reset,
 * which can reach the client while it is still sending and before it has read the 413 (it sees EPIPE instead):
 * like nginx, the answer goes first and the rest of the body is drained after it, so a client that finishes
 * sending reads its answer, and the connection carries its next request.
 */
const DRAIN_BYTES = 16 * 1024 * 1024;
const DRAIN_MS = 10_000;

/** Reads a JSON body (at most 1 MiB unless `limitBytes` says less). An empty body is {}; malformed or hostile JSON is a 400, never a 500. */
export async function readJson(ctx: Context, limitBytes = LIMIT_BYTES): Promise<unknown> {
  const text = (await readBody(ctx.req, limitBytes)).toString('utf8').trim();
  if (!text) return {};
  return parseJsonBody(text);
}

/** The body whole, or a 413 as soon as it passes `limitBytes`, the rest then drained (DRAIN_BYTES, DRAIN_MS). */
function readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limitBytes) return void chunks.push(chunk);
      stop();
      drain(req);
      reject(new Refused('too_large', 'Request body is too large', 'body_too_large'));
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    // The client went away mid-body: the same error a reset connection gives (errors.ts logs it as a client's doing).
    const onClose = () => onError(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    req.once('close', onClose);
  });
}

/** Reads the rest of a refused body and throws it away; past DRAIN_BYTES or DRAIN_MS the connection is cut. */
function drain(req: IncomingMessage): void {
  const socket = req.socket;
  let drained = 0;
  const cut = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(cut, DRAIN_MS);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_BYTES) cut();
  });
  req.once('close', () => clearTimeout(timer));
  req.on('error', () => clearTimeout(timer));
}
