import type Router from '@koa/router';
import { notFound } from '../refused.ts';
import type { Services } from '../services.ts';

/** GET /ipfs/:cid — bytes never change for a CID, so clients may cache them for good. */
export function mountIpfs(router: Router, { contentStore }: Services): void {
  router.get('/ipfs/:cid', async (ctx) => {
    const file = await contentStore.get(ctx.params.cid ?? '');
    if (!file) throw notFound('No file with that CID');
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('ETag', `"${file.cid}"`);
    // Uploaded SVGs may carry script: served as inert documents, never able to run on this origin.
    ctx.set('Content-Security-Policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox");
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = file.contentType;
    ctx.body = file.bytes;
  });
}
