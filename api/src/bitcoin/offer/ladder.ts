/**
 * A ladder of offers for a Bitcoin wallet's maximum bid: one offer PSBT per step, each bound to its own offer id,
 * every one spending exactly the same inputs, chosen to cover the top step (a lower step only leaves more change).
 * So at most one of them can ever be broadcast, whichever step the bid ends at.
 */
import type { BitcoinAccess } from '../index.ts';
import { buildOffer, type BuiltOffer } from './build.ts';
import { gatherOffer, type OfferParams } from './prepare.ts';

export interface LadderStep {
  bidId: string;
  price: number;
}

/** The steps' offers in the order given (ascending, the top step last). */
export async function prepareLadder(access: BitcoinAccess, params: Omit<OfferParams, 'bidId' | 'price'>, steps: LadderStep[]): Promise<BuiltOffer[]> {
  const top = steps.at(-1)!;
  const request = await gatherOffer(access, { ...params, bidId: top.bidId, price: top.price });
  const topOffer = buildOffer(request);
  const inputs = { dummy: topOffer.dummy, payments: topOffer.payments };
  return steps.map((step) => (step === top ? topOffer : buildOffer({ ...request, bidId: step.bidId, price: step.price, inputs })));
}
