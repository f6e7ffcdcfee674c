/**
 * GET /events: a server-sent-event stream. EventSource cannot send headers, so the session token comes as
 * `?token=`; with it the stream carries the user's events (outbid, won). `?lot=<id>` (repeatable up to 20)
 * adds that lot's public updates. A comment every 15 s keeps proxies from closing an idle stream.
 */
import { PassThrough } from 'node:stream';
import type Router from '@koa/router';
import type { Services } from '../services.ts';
import type { HubEvent } from '../events/event-hub.ts';

const HEARTBEAT_MS = 15_000;

export function mountEvents(router: Router, { tokens, db, eventHub, rateLimiter, config }: Services): void {
  router.get('/events', async (ctx) => {
    await rateLimiter.limitRoute('eventStream', config.rateLimits.routes.eventStream, ctx.ip);
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : null;
    const claims = token ? await tokens.verify(token) : null;
    const user = claims ? await db.prisma.user.findUnique({ where: { id: claims.userId }, select: { id: true, tokenVersion: true } }) : null;
    const userId = user && claims && user.tokenVersion === claims.version ? user.id : null;
    const lots = ([] as string[]).concat(ctx.query.lot ?? []).slice(0, 20);

    const stream = new PassThrough();
    const send = (event: HubEvent) => stream.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    const unsubscribe = [
      ...(userId ? [eventHub.on(`user:${userId}`, send)] : []),
      ...lots.map((lotId) => eventHub.on(`lot:${lotId}`, send)),
    ];
    const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const close = () => {
      clearInterval(heartbeat);
      for (const off of unsubscribe) off();
      stream.end();
    };
    // The client may have gone during the user lookup above, when 'close' has already fired: check as well.
    if (ctx.req.destroyed) {
      close();
      return;
    }
    ctx.req.once('close', close);
    // Never keep the process alive for a stream alone.
    heartbeat.unref();

    ctx.set({ 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    ctx.type = 'text/event-stream';
    ctx.status = 200;
    ctx.body = stream;
    send({ type: 'ready', data: { signedIn: userId !== null, lots } });
  });
}
