/**
 * Stopping the api without cutting a request short. A deploy or a restart stops an instance while requests are
 * under way; a bid being written must still be answered (its bidder would otherwise not know whether it stands),
 * so on stop new connections are refused at once and the requests under way get a grace period to answer. Event
 * streams never end on their own: they are not waited for, and are cut with whatever is left after the grace.
 */
import type { Server, ServerResponse } from 'node:http';

/** How long requests under way may take to answer once the api is stopping. */
export const STOP_GRACE_MS = 10_000;

/** An event stream (whatever path the api is served under): it has said so in its headers. */
const isEventStream = (res: ServerResponse) => String(res.getHeader('content-type') ?? '').startsWith('text/event-stream');

/** Keeps the requests under way on `server`, for a stop that lets them answer. */
export function trackRequests(server: Server) {
  const underWay = new Set<ServerResponse>();
  let changed: (() => void) | null = null;
  server.on('request', (_req, res: ServerResponse) => {
    underWay.add(res);
    res.once('close', () => {
      underWay.delete(res);
      changed?.();
    });
  });
  const answering = () => [...underWay].some((res) => !isEventStream(res));

  return {
    /** Stops `server`: refuses new connections, lets requests under way answer (up to `graceMs`), then cuts the rest. */
    async stop(graceMs = STOP_GRACE_MS): Promise<void> {
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
