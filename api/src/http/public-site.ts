/**
 * Production's one origin: the built dapp as static files (with its own Content-Security-Policy), the api under
 * /api (the paths the dapp calls, which Vite's proxy answers in development), uploaded files at /ipfs, and the
 * node's chain reads at /rpc. Any other address the dapp's router knows gets index.html; an address that names a
 * file the build does not have is a 404, as is anything hidden or Vite-only (/.data, /.env, /@fs).
 */
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { send } from '@koa/send';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import type { RateLimitConfig } from './rate-limit-config.ts';
import type { RateLimiter } from './rate-limit.ts';
import { notFound } from '../refused.ts';
import { rpcProxy, type RpcProxyDeps } from './rpc-proxy.ts';
import { dappPolicy, type DappPolicySettings } from './security-headers.ts';

const API_PREFIX = '/api';
/** Vite names the files under assets/ by their content's hash: a changed file gets a new name, so a cached one is never stale. */
const FOREVER = 'public, max-age=31536000, immutable';
/** index.html and the other unhashed files name the current build: asked again every time (304 while unchanged). */
const REVALIDATE = 'no-cache';

export function publicSite(
  services: { config: DappPolicySettings & { rateLimits: Pick<RateLimitConfig, 'routes'> }; chain: RpcProxyDeps['chain']; rateLimiter: RateLimiter; log: Logger },
  dappDir: string,
) {
  const { config } = services;
  const policy = dappPolicy(config);
  const rpc = rpcProxy({ chain: services.chain, limiter: services.rateLimiter, limit: config.rateLimits.routes.rpc, log: services.log });
  const root = path.resolve(dappDir);
  const hashed = path.join(root, 'assets') + path.sep;
  return async (ctx: Context, next: Next) => {
    if (ctx.path === API_PREFIX || ctx.path.startsWith(`${API_PREFIX}/`)) {
      ctx.path = ctx.path.slice(API_PREFIX.length) || '/';
      return next();
    }
    if (ctx.path.startsWith('/ipfs/')) return next();
    if (ctx.path === '/rpc') return rpc(ctx);
    ctx.set('Content-Security-Policy', policy);
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw notFound();
    const segments = decodedSegments(ctx.path);
    // Hidden names (.env, .data, .git) and Vite's development addresses (/@fs, /@vite) are never a build's files.
    if (!segments || segments.some((segment) => segment.startsWith('.') || segment.startsWith('@'))) throw notFound();
    const cacheControl = (file: string) => (file.startsWith(hashed) ? FOREVER : REVALIDATE);
    const sent = (await sendFile(ctx, root, ctx.path, cacheControl)) || (isPageAddress(segments) && (await sendFile(ctx, root, '/index.html', cacheControl)));
    if (!sent) throw notFound();
    if (ctx.fresh) {
      // The browser's copy is current: no body, and the opened file is let go.
      const stream = ctx.body as NodeJS.ReadableStream & { destroy(): void };
      ctx.status = 304;
      stream.destroy();
    }
  };
}

/** A page of the dapp (`/auctions`, `/details/:id`), not a file: its last segment has no extension. */
function isPageAddress(segments: string[]): boolean {
  return !segments.at(-1)?.includes('.');
}

function decodedSegments(address: string): string[] | null {
  try {
    return address.split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

/** True when the file was sent; a missing file, a directory or an address outside the build is false. */
async function sendFile(ctx: Context, root: string, file: string, cacheControl: (file: string) => string): Promise<boolean> {
  try {
    // The build keeps a .br and a .gz beside each text file (dapp/build/precompress.ts): send picks the one the
    // browser accepts, so caches must key on Accept-Encoding too.
    const setHeaders = (res: ServerResponse, filePath: string) => {
      res.setHeader('Cache-Control', cacheControl(filePath));
      res.setHeader('Vary', 'Accept-Encoding');
    };
    const sent = await send(ctx, file, { root, setHeaders });
    return sent !== undefined;
  } catch (error) {
    // @koa/send's errors name the file's path on disk: never passed on.
    const status = (error as { status?: number }).status;
    if (status !== undefined && status >= 400 && status < 500) return false;
    throw error;
  }
}
