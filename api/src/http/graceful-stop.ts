/**
 * Stopping the api without cutting a request short. A deploy or a restart stops an instance while requests are
 * under way; a bid being written must still be answered (its bidder would otherwise not know whether it stands),
 * so on stop new connections are refused at once and the requests under way get a grace period to answer. Event
 * streams never end on their own: they are not waited for, and are cut with whatever is left after the grace.
 * A request whose client hung up is still under way until its handler is done (a bid written for a client that
 * left still schedules its close and tells the bidder it outbid): the database and Redis close only after that.
 */
import type { Server, ServerResponse } from 'node:http';
import type { Middleware } from 'koa';

/** How long requests under way may take to answer once the api is stopping. */
export const STOP_GRACE_MS = 10_000;

/** An event stream (whatever path the api is served under): it has said so in its headers. */
const isEventStream = (res: ServerResponse) => String(res.getHeader('content-type') ?? '').startsWith('text/event-stream');

/**
 * Keeps the requests under way, for a stop that lets them answer: `handlers`, the app's first middleware, counts
 * the handlers running; `stop(server)` waits for them and for the answers being sent.
 */
export function trackRequests() {
  const underWay = new Set<ServerResponse>();
  let running = 0;
  let changed: (() => void) | null = null;
  const answering = () => running > 0 || [...underWay].some((res) => !isEventStream(res));

  const handlers: Middleware = async (ctx, next) => {
    running++;
    underWay.add(ctx.res);
    ctx.res.once('close', () => {
      underWay.delete(ctx.res);
      changed?.();
    });
    try {
      await next();
    } finally {
      running--;
      changed?.();
    }
  };

  return {
    handlers,
    /** Stops `server`: refuses new connections, lets requests under way answer (up to `graceMs`), then cuts the rest. */
    async stop(server: Server, graceMs = STOP_GRACE_MS): Promise<void> {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const deadline = Date.now() + graceMs;
      while (answering() && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          changed = resolve;
          setTimeout(resolve, Math.min(250, deadline - Date.now()));
        });
      }
      changed = null;
      server.closeAllConnections();
      await closed;
    },
  };
}
