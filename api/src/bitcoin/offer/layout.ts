/**
 * The offer PSBT's shape, shared by building, validating and co-signing. It follows the trustless ordinals
 * swap (OpenOrdex, msigner, `ord wallet offer`) with one dummy input:
 *
 *   inputs  [0 bidder dummy, 1 seller inscription, 2.. bidder payments]
 *   outputs [0 inscription to the bidder's ordinals address, 1 price to the seller's payout address,
 *            2 the house's share to its fee address: the platform fee and the buyer's premium,
 *            3 new dummy to the bidder, 4 change to the bidder (left out when under dust)]
 *
 * Sats flow first in, first out: output 0 takes the dummy's sats and then the inscription's whole output, so
 * the inscription lands in output 0 at offset = dummy value and can never be spent as fee. Everyone signs
 * SIGHASH_ALL: the bidder first, which fixes the whole swap, then the seller co-signs input 1 of that same
 * transaction at settlement. So the premium is collected all in, at the moment of the bid, by the very transaction
 * that hands over the inscription: the seller's output is the hammer price alone.
 */
import { CALCULATOR_DEFAULTS, rateCharge, type RateTable } from '@gavel/domain';
import type { BIDDER_SIGHASH, SELLER_SIGHASH } from '@gavel/domain/wallet-rules';

export const INDEX = { dummyInput: 0, sellerInput: 1, firstPaymentInput: 2, inscriptionOutput: 0, priceOutput: 1, platformFeeOutput: 2, newDummyOutput: 3, changeOutput: 4 } as const;

/** Dummy UTXO bounds: above 546 (outputs of exactly 546 count as inscription-bearing) and small. */
export const DUMMY_MIN_SATS = 600;
export const DUMMY_MAX_SATS = 1_000;
/** The dummy the swap leaves the bidder for the next purchase. */
export const NEW_DUMMY_SATS = 600;
/** The spec's inscription-bearing output size; also the smallest output this layout writes. */
export const INSCRIPTION_OUTPUT_SATS = 546;
/** The spec's platform fee (2.5 %), in basis points to stay in integers; never under 546 sats. */
export const PLATFORM_FEE_BPS = Math.round(CALCULATOR_DEFAULTS.platformFeePercent * 100);
export const MIN_PLATFORM_FEE_SATS = 546;

/**
 * Every signer signs SIGHASH_ALL: the domain's wallet rules (BIDDER_SIGHASH, SELLER_SIGHASH) that the dapp's
 * wallets follow; `satisfies` breaks the build if they part. Taproot may leave ALL implicit: SIGHASH_DEFAULT.
 */
export const SIGHASH_ALL = 0x01 satisfies typeof BIDDER_SIGHASH & typeof SELLER_SIGHASH;
export const SIGHASH_DEFAULT = 0x00;

/** The hash types an input's signature may carry. */
export function allowedSighashes(type: SpendType): number[] {
  return type === 'p2tr' ? [SIGHASH_DEFAULT, SIGHASH_ALL] : [SIGHASH_ALL];
}

export function platformFeeOf(price: number, bps = PLATFORM_FEE_BPS): number {
  return Math.max(MIN_PLATFORM_FEE_SATS, Math.ceil((price * bps) / 10_000));
}

/**
 * What a swap at `price` (the hammer) pays the house in output 2: the platform fee and the buyer's premium, which the
 * bidder pays on top of the hammer, and the seller's commission, which comes out of the hammer (house-rates.ts, in
 * sats). Output 1 pays the seller the hammer less the commission, so the seller's statement and the swap agree.
 */
export interface HouseShare {
  platformFee: number;
  premium: number;
  commission: number;
  /** What the bidder pays on top of the hammer: platformFee + premium. */
  fromBidder: number;
  /** Output 1's value: the hammer less the commission. */
  toSeller: number;
  /** platformFee + premium + commission: output 2's value. */
  total: number;
}

export function houseShareOf(price: number, rates: { premium?: RateTable; commission?: RateTable } = {}, bps = PLATFORM_FEE_BPS): HouseShare {
  const platformFee = platformFeeOf(price, bps);
  const premium = Number(rateCharge(BigInt(price), rates.premium ?? []));
  const commission = Number(rateCharge(BigInt(price), rates.commission ?? []));
  const toSeller = price - commission;
  // The seller's output must be one the network relays; a commission that leaves dust is not a sale.
  if (toSeller < INSCRIPTION_OUTPUT_SATS) {
    throw new OfferError('invalid_amount', `Bid must leave the seller at least ${INSCRIPTION_OUTPUT_SATS} sats after the house's commission`, 'amount');
  }
  return { platformFee, premium, commission, fromBidder: platformFee + premium, toSeller, total: platformFee + premium + commission };
}

/** Weight units of the pieces of a segwit transaction; signatures counted at their largest. */
const WEIGHT = {
  overhead: 4 * (4 + 1 + 1 + 4) + 2,
  input: { p2wpkh: 4 * 41 + (1 + 1 + 73 + 1 + 33), p2tr: 4 * 41 + (1 + 1 + 65) },
  output: (scriptLength: number) => 4 * (8 + 1 + scriptLength),
};

export type SpendType = 'p2wpkh' | 'p2tr';

/** Virtual size once every input is signed: what the fee rate is applied to. */
export function estimateVsize(inputs: SpendType[], outputScriptLengths: number[]): number {
  const weight = WEIGHT.overhead + inputs.reduce((w, t) => w + WEIGHT.input[t], 0) + outputScriptLengths.reduce((w, n) => w + WEIGHT.output(n), 0);
  return Math.ceil(weight / 4);
}

export interface Outpoint {
  txid: string;
  vout: number;
}

export const outpointKey = (o: Outpoint) => `${o.txid}:${o.vout}`;

/** A refusal with the spec-style `{message, code, field}` the api turns into a 4xx. */
export class OfferError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'OfferError';
  }
}
