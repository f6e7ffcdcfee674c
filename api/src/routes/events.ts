/**
 * The live event stream. GET /events is a server-sent-event stream: `?lot=<id>` (repeatable up to 20) carries
 * those lots' public updates to anyone; `?ticket=` (from POST /events/ticket, since EventSource cannot send a
 * header) adds the signed-in user's own events (outbid, won). A session token in the address is refused: it
 * would be written to every log and history the address passes through. A user's stream closes as soon as
 * their tokens are revoked (logout, password change or reset), on whichever api instance it is open. A comment
 * every 15 s keeps proxies from closing an idle stream.
 */
import { PassThrough } from 'node:stream';
import type Router from '@koa/router';
import { eventTicketReplySchema, messages, type LotUpdate } from '@gavel/domain';
import type { Services } from '../services.ts';
import type { RouteTable } from './route-table.ts';
import { Refused } from '../refused.ts';
import type { HubEvent } from '../events/event-hub.ts';
import { EventTickets, sessionStillValid } from '../events/event-tickets.ts';
import { lotUpdateForViewer } from '../lots/results-privacy.ts';

const HEARTBEAT_MS = 15_000;
const MAX_LOTS = 20;

export function eventRoutes(routes: RouteTable, { redis, config }: Services): void {
  const tickets = new EventTickets(redis, config.redisPrefix);
  routes.add({
    method: 'post',
    path: '/events/ticket',
    rateLimit: 'eventStream',
    tag: 'Events',
    summary: "A ticket that opens one event stream with the caller's own events, once, within 60 s",
    description: 'Open `GET /events?ticket=<ticket>` with it (add `&lot=<id>` for lot updates). Ask for a new ticket for every (re)connection.',
    access: {},
    reply: eventTicketReplySchema,
    handler: async ({ user }) => {
      const { ticket, expiresAt } = await tickets.issue({ userId: user.id, version: user.tokenVersion });
      return { ticket, expiresAt: expiresAt.toISOString() };
    },
  });
}

export function mountEvents(router: Router, { db, eventHub, redis, config, rateLimiter }: Services): void {
  const tickets = new EventTickets(redis, config.redisPrefix);

  router.get('/events', async (ctx) => {
    // Counted by address here; a signed-in connection was also counted for its user when it took its ticket.
    await rateLimiter.limitRoute('eventStream', config.rateLimits.routes.eventStream, ctx.ip);
    if (ctx.query.token !== undefined) throw new Refused('unauthenticated', messages.events.tokenInQuery, 'token_in_query');
    const ticket = typeof ctx.query.ticket === 'string' ? ctx.query.ticket : null;
    const holder = ticket === null ? null : await tickets.redeem(ticket);
    if (ticket !== null && !holder) throw new Refused('unauthenticated', messages.events.ticketRefused, 'ticket_refused');
    const lots = ([] as string[]).concat(ctx.query.lot ?? []).slice(0, MAX_LOTS);
    const signedIn = holder !== null;

    const stream = new PassThrough();
    // A revocation may end the stream while an event is on its way: nothing is written after the end.
    const write = (text: string) => !stream.writableEnded && stream.write(text);
    const send = (event: HubEvent) => write(frameOf(event, signedIn));
    const unsubscribe = lots.map((lotId) => eventHub.on(`lot:${lotId}`, send));
    const heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
    // Never keep the process alive for a stream alone.
    heartbeat.unref();
    const close = () => {
      clearInterval(heartbeat);
      for (const off of unsubscribe) off();
      stream.end();
    };
    if (holder) {
      // Listening before the session check below: a revocation landing in between is either seen by the check
      // (it committed first) or heard here (it is announced after it commits).
      unsubscribe.push(eventHub.onRevoked(holder.userId, (version) => version > holder.version && close()));
      if (!(await sessionStillValid(db.prisma, holder))) {
        close();
        throw new Refused('unauthenticated', messages.events.ticketRefused, 'ticket_refused');
      }
      unsubscribe.push(eventHub.on(`user:${holder.userId}`, send));
    }
    // The client may have gone during the lookups above, when 'close' has already fired: check as well.
    if (ctx.req.destroyed) {
      close();
      return;
    }
    ctx.req.once('close', close);

    ctx.set({ 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    ctx.type = 'text/event-stream';
    ctx.status = 200;
    ctx.body = stream;
    send({ type: 'ready', data: { signedIn, lots } });
  });
}

/**
 * An event as an SSE frame, built once per event for each kind of viewer: every stream a lot's event reaches shares
 * the same text, so a fan-out to thousands of streams serialises it twice at most, not once per stream.
 */
const frames = new WeakMap<HubEvent, { signedIn?: string; anonymous?: string }>();

function frameOf(event: HubEvent, signedIn: boolean): string {
  const built = frames.get(event) ?? {};
  const viewer = signedIn ? 'signedIn' : 'anonymous';
  let frame = built[viewer];
  if (frame === undefined) {
    // An anonymous watcher learns that a lot ended, not its final price.
    const data = event.type === 'lot' ? lotUpdateForViewer(event.data as LotUpdate, signedIn) : event.data;
    frame = `event: ${event.type}\ndata: ${JSON.stringify(data)}\n\n`;
    built[viewer] = frame;
    frames.set(event, built);
  }
  return frame;
}
