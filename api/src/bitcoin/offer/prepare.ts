/**
 * Gathering what buildOffer needs from the chain: the bidder's UTXOs (Esplora) with the inscription-bearing
 * ones marked (ord), where the lot's inscription sits (ord satpoint: it must be at offset 0 of its output,
 * or the swap would hand the buyer the wrong sats), that output's script and amount, and the fee rate.
 */
import type { RateTable } from '@gavel/domain';
import type { BitcoinAccess } from '../index.ts';
import { OrdError, parseSatpoint } from '../ord.ts';
import { buildOffer, type BuiltOffer, type OfferRequest } from './build.ts';
import { OfferError } from './layout.ts';

export interface OfferParams {
  lotId: string;
  bidId: string;
  price: number;
  inscriptionId: string;
  seller: { payoutAddress: string; tapInternalKey?: string };
  bidder: { paymentAddress: string; paymentPublicKey?: string; ordinalsAddress: string };
  platformFeeAddress: string;
  /** The buyer's premium of the lot's event, in sats: the swap pays it to the fee address (layout.ts). */
  premium?: RateTable;
  /** The seller's commission of the lot's event, in sats: taken from the hammer to the fee address (layout.ts). */
  commission?: RateTable;
  /** Which of Esplora's recommendations to pay; default halfHourFee. */
  speed?: 'fastestFee' | 'halfHourFee' | 'hourFee';
}

export async function prepareOffer(access: BitcoinAccess, params: OfferParams): Promise<BuiltOffer> {
  return buildOffer(await gatherOffer(access, params));
}

/** What building an offer needs from the chain, read once (a ladder builds all its steps from one reading). */
export async function gatherOffer(access: BitcoinAccess, params: OfferParams): Promise<OfferRequest> {
  // Only ord's 404 means there is no such inscription: ord down or slow is an outage (a 503 to the bidder), not the lot's fault.
  const inscription = await access.ord.inscription(params.inscriptionId).catch((error: unknown) => {
    if (error instanceof OrdError && error.status === 404) return null;
    throw error;
  });
  if (!inscription) throw new OfferError('inscription_not_found', 'Inscription not found', 'inscriptionId');
  const satpoint = parseSatpoint(inscription.satpoint);
  if (satpoint.offset !== 0) {
    throw new OfferError('inscription_offset', `The inscription sits ${satpoint.offset} sats into its output; it must be at offset 0 to be sold`, 'inscriptionId');
  }
  const [sellerTx, utxos, fees] = await Promise.all([access.esplora.tx(satpoint.txid), access.esplora.addressUtxos(params.bidder.paymentAddress), access.esplora.recommendedFees()]);
  const sellerOut = sellerTx.vout[satpoint.vout]!;
  const inscribed = await access.ord.inscriptionsOn(utxos);
  const request: OfferRequest = {
    network: access.network,
    lotId: params.lotId,
    bidId: params.bidId,
    price: params.price,
    feeRate: fees[params.speed ?? 'halfHourFee'],
    seller: {
      inscriptionUtxo: { txid: satpoint.txid, vout: satpoint.vout, value: sellerOut.value, script: sellerOut.scriptpubkey },
      tapInternalKey: params.seller.tapInternalKey,
      payoutAddress: params.seller.payoutAddress,
    },
    bidder: {
      ...params.bidder,
      utxos: utxos.map((u) => ({ txid: u.txid, vout: u.vout, value: u.value })),
      inscribedOutpoints: new Set([...inscribed].filter(([, ids]) => ids.length > 0).map(([outpoint]) => outpoint)),
    },
    platformFeeAddress: params.platformFeeAddress,
    premium: params.premium,
    commission: params.commission,
  };
  return request;
}
