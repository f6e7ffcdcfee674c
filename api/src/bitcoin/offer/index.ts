/** Offer PSBTs for bids on BTC lots: build, validate the bidder's signatures, complete with the seller's. Pure: no database. */
export { buildOffer, spendableUtxos, bindingOf, unsignedTx, type OfferRequest, type BuiltOffer, type Utxo } from './build.ts';
export { validateBidderSigned, parsePsbtHex, checkShape, checkUnspent, type ChainView, type OfferContext } from './validate.ts';
export { completeOffer, finalizeSwap, withSellerSignature, type SettledSwap } from './settle.ts';
export { esploraChainView } from './chain-view.ts';
export * from './layout.ts';
export { prepareOffer, type OfferParams } from './prepare.ts';
export { prepareLadder, type LadderStep } from './ladder.ts';
export { signatureOf, verifyInputSignature } from './signatures.ts';
