/**
 * The Bitcoin calls of a BTC lot (finalize and the PSBT calls): the signed offer
 * that places a bid, the settlement state of an ended lot, the seller's co-signature and the winner's claim.
 */
import type {
  finalizeBidBodySchema,
  placeBidReplySchema,
  psbtStateSchema,
  sellerSignBodySchema,
  sellerSignReplySchema,
  winnerClaimBodySchema,
  winnerClaimReplySchema,
  winnerTemplateBodySchema,
  winnerTemplateReplySchema,
} from '@gavel/domain';
import { apiRequest, type BodyOf, type ReplyOf } from './http.ts';

export const bitcoinApi = {
  /** POST /auctions/:id/finalize: the wallet-signed offer places the bid (and outbids the previous one). */
  finalizeBid: (lotId: string, body: BodyOf<typeof finalizeBidBodySchema>) =>
    apiRequest<ReplyOf<typeof placeBidReplySchema>>(`/auctions/${encodeURIComponent(lotId)}/finalize`, { method: 'POST', body }),
  /** GET /psbt/state/:id: the winning offer to co-sign, the swap's txid and confirmations. */
  settlement: (lotId: string, signal?: AbortSignal) => apiRequest<ReplyOf<typeof psbtStateSchema>>(`/psbt/state/${encodeURIComponent(lotId)}`, { signal }),
  /** POST /psbt/seller-sign: the api checks the seller's signature, finalizes and broadcasts the swap. */
  sellerSign: (body: BodyOf<typeof sellerSignBodySchema>) => apiRequest<ReplyOf<typeof sellerSignReplySchema>>('/psbt/seller-sign', { method: 'POST', body }),
  /** POST /psbt/create-winner-psbt-template: a fresh offer at the winning price from the winner's current coins. */
  winnerTemplate: (body: BodyOf<typeof winnerTemplateBodySchema>) => apiRequest<ReplyOf<typeof winnerTemplateReplySchema>>('/psbt/create-winner-psbt-template', { method: 'POST', body }),
  /** POST /psbt/validate-for-winner: the signed claim replaces the winning offer; the seller co-signs it next. */
  winnerClaim: (body: BodyOf<typeof winnerClaimBodySchema>) => apiRequest<ReplyOf<typeof winnerClaimReplySchema>>('/psbt/validate-for-winner', { method: 'POST', body }),
};
