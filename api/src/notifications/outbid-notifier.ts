/**
 * The one outbid notifier. Whatever outbid a bidder (a higher bid through the api, an on-chain bid the
 * follower saw, a relayed card bid beaten on chain, a leading offer removed because its coins were spent), they
 * hear it the same way: the `outbid` event on their stream (their open tabs, through Redis on every api
 * instance) and, unless they turned it off (emailOutbid), the outbid e-mail. The event is part of the notice; the
 * mail is best effort, logged when it fails, so a mail server outage never undoes or repeats the rest.
 */
import { displayAmount, fill, formatAmount, messages, type OutbidNotification, type Unit } from '@gavel/domain';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import type { EventHub } from '../events/event-hub.ts';
import type { Mailer } from '../mail/mailer.ts';
import { outbidMail } from '../mail/templates.ts';

export interface Outbid {
  /** Whom to tell. */
  userId: string;
  /** The bid that was outbid: the notice's id, so a tab shows one notice per outbid bid. */
  bidId: string;
  lot: { id: string; title: string; auctionEventId: string };
  unit: Unit;
  /** What they had bid. */
  bidAmount: bigint;
  /** What leads now. */
  currentAmount: bigint;
  /** Their own maximum, exceeded: said on their own stream (the notice), never in the mail, which leaves Gavel. */
  maximum?: bigint;
  /** The mail's sentence when the outbid needs explaining (a removed offer); else the spec's outbid message. */
  mailText?: string;
}

/** Only what telling needs, not the services: the relayer, one of the services, tells through here too. */
export type OutbidTeller = { db: Database; eventHub: EventHub; mailer: Mailer; log: Logger };

export async function tellOutbid(services: OutbidTeller, outbid: Outbid): Promise<void> {
  const { lot, unit } = outbid;
  const notification: OutbidNotification = {
    id: outbid.bidId,
    timestamp: new Date().toISOString(),
    auctionTitle: lot.title,
    auctionId: lot.id,
    auctionEventId: lot.auctionEventId,
    userBidAmount: formatAmount(outbid.bidAmount, unit),
    currentBidAmount: formatAmount(outbid.currentAmount, unit),
    currencyUnit: unit,
    ...(outbid.maximum !== undefined && { maximum: formatAmount(outbid.maximum, unit) }),
  };
  await services.eventHub.publish(`user:${outbid.userId}`, { type: 'outbid', data: notification });
  const text = outbid.mailText ?? fill(messages.bids.outbidMessage, { title: lot.title, amount: displayAmount(outbid.currentAmount, unit) });
  await services.mailer
    .sendIfWanted(outbid.userId, 'emailOutbid', outbidMail(outbid.userId, text, lot.id, lot.auctionEventId))
    .catch((err: Error) => services.log.warn({ err: err.message, userId: outbid.userId, lotId: lot.id }, 'outbid mail failed'));
}
