/**
 * The bidder's side of maximum bids: checking a typed maximum the way the api will (its messages), and where the
 * bidder's own maximum stands on a lot, read from the lot's history, where only the bidder sees their maximum.
 */
import { fill, formatAmount, messages, parseAmount, type Bid, type Unit } from '@gavel/domain';
import { useBidHistory } from '../api/bids.ts';

/** A typed maximum, at least `floor` (the bid it comes with, or the price a leader already shows): the amount, or the message. */
export function checkMaximum(text: string, floor: bigint, unit: Unit): { ok: true; maximum: bigint } | { ok: false; message: string } {
  let maximum: bigint;
  try {
    maximum = parseAmount(text, unit);
  } catch {
    return { ok: false, message: messages.bids.invalidMaximum };
  }
  if (maximum < floor) return { ok: false, message: fill(messages.bids.maximumTooLow, { minimum: formatAmount(floor, unit), unit }) };
  return { ok: true, maximum };
}

export interface OwnMaximum {
  /** The maximum bidding for the viewer now (they lead with it), or null. */
  leading: string | null;
  /** The viewer's latest maximum, no longer leading: it was exceeded. */
  exceeded: string | null;
  /** The viewer's latest bid leads, with a maximum or without: a maximum they set now leaves the price where it is. */
  leads: boolean;
}

/** Where the viewer's own maximum stands, from their latest bid in the lot's history (only their own bids carry one). */
export function ownMaximumOf(history: Bid[] | undefined): OwnMaximum {
  const own = history?.filter((bid) => bid.bidder.isYou && (bid.status === 'active' || bid.status === 'outbid'));
  const latest = own?.reduce<Bid | undefined>((top, bid) => (!top || bid.createdAt > top.createdAt ? bid : top), undefined);
  const leads = latest?.status === 'active';
  if (!latest?.maximum) return { leading: null, exceeded: null, leads };
  return leads ? { leading: latest.maximum, exceeded: null, leads } : { leading: null, exceeded: latest.maximum, leads };
}

export function useOwnMaximum(lotId: string): OwnMaximum {
  return ownMaximumOf(useBidHistory(lotId).data);
}
