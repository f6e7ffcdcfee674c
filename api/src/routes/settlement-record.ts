/**
 * The settlement panel's record and the seller's message to the winner (follow/settlement-record.ts), for the
 * seller of an ended lot or an admin.
 */
import { messageWinnerBodySchema, settlementMessages, settlementRecordReplySchema } from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { messageWinner, settlementRecord } from '../follow/settlement-record.ts';
import { z } from 'zod';

const TAG = 'Settlement';
const signedIn = {} as const;
const NOT_FOUND = 'Auction not found. It may have been deleted.';

export function settlementRecordRoutes(routes: RouteTable, services: Services): void {
  const { prisma } = services.db;

  routes.add({
    method: 'get',
    path: '/auctions/:id/settlement',
    tag: TAG,
    summary: 'Who recorded the payment and the transfer, and where to send the item (the seller or an admin)',
    description:
      'paidBy / transferredBy: who recorded the step by hand (null when a card or the chain did). shipTo: for a USD lot once paid, the winner’s name and ' +
      'the address on their profile; null otherwise. The winner’s e-mail is never given: canMessageWinner says whether POST /auctions/:id/message-winner can reach them.',
    access: signedIn,
    reply: settlementRecordReplySchema,
    errors: { 403: settlementMessages.notSeller, 404: NOT_FOUND },
    handler: async ({ params, user }) => ({ data: await settlementRecord(prisma, user, params.id!) }),
  });

  routes.add({
    method: 'post',
    path: '/auctions/:id/message-winner',
    rateLimit: 'support',
    tag: TAG,
    summary: 'The seller (or an admin) writes to the winner: Gavel mails the message, the winner’s e-mail stays private',
    description: 'Plain text, 1 to 2000 characters. The mail names the seller and gives the seller’s e-mail for the answer.',
    access: signedIn,
    body: messageWinnerBodySchema,
    reply: z.object({ message: z.string() }),
    errors: { 403: settlementMessages.notSeller, 404: NOT_FOUND, 409: `${settlementMessages.notEnded} / ${settlementMessages.winnerNotReachable}` },
    handler: async ({ params, body, user }) => {
      await messageWinner(prisma, services.mailer, user, params.id!, body.message);
      return { message: settlementMessages.messageSent };
    },
  });
}
