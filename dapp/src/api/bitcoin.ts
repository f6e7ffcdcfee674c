/**
 * The Bitcoin calls of a BTC lot (buyer-side section 7, finalize; admin-side section 7, PSBT): the signed offer
 * that places a bid, the settlement state of an ended lot, and the seller's co-signature.
 */
import type { finalizeBidBodySchema, placeBidReplySchema, psbtStateSchema, sellerSignBodySchema, sellerSignReplySchema } from '@gavel/domain';
import { apiRequest, type ReplyOf } from './http.ts';

type Body<Schema extends { _input: unknown }> = Schema['_input'];

export const bitcoinApi = {
  /** POST /auctions/:id/finalize: the wallet-signed offer places the bid (and outbids the previous one). */
  finalizeBid: (lotId: string, body: Body<typeof finalizeBidBodySchema>) =>
    apiRequest<ReplyOf<typeof placeBidReplySchema>>(`/auctions/${encodeURIComponent(lotId)}/finalize`, { method: 'POST', body }),
  /** GET /psbt/state/:id: the winning offer to co-sign, the swap's txid and confirmations. */
  settlement: (lotId: string, signal?: AbortSignal) =>
    apiRequest<ReplyOf<typeof psbtStateSchema>>(`/psbt/state/${encodeURIComponent(lotId)}`, { signal }),
  /** POST /psbt/seller-sign: the api checks the seller's signature, finalizes and broadcasts the swap. */
  sellerSign: (body: Body<typeof sellerSignBodySchema>) =>
    apiRequest<ReplyOf<typeof sellerSignReplySchema>>('/psbt/seller-sign', { method: 'POST', body }),
};
