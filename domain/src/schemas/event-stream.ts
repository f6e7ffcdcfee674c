/**
 * The live event stream (GET /events). EventSource cannot send headers, and a session token in an address ends
 * up in request logs and browser history, so a signed-in tab trades its token for a ticket first: good for
 * opening one stream of that session, once, within a minute.
 */
import { z } from 'zod';

export const EVENT_TICKET_TTL_SECONDS = 60;

/** POST /events/ticket */
export const eventTicketReplySchema = z.object({
  /** Opens the stream once: `/events?ticket=<ticket>`. */
  ticket: z.string(),
  expiresAt: z.string(),
});
export type EventTicketReply = z.infer<typeof eventTicketReplySchema>;
