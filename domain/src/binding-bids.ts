/**
 * Binding Bitcoin bids: a BTC lot (or every BTC lot of an event) may take Bitcoin bids only from bidders' vaults
 * (bitcoin-vault.ts). Such a bid spends vault outputs by the cooperative leaf, which needs Gavel's key too, and
 * Gavel signs with it only for the winning swap: the winner cannot move those coins before the close, so the bid
 * always settles. Elsewhere a Bitcoin bid is an offer over the wallet's own coins, which its bidder may still
 * spend before the seller co-signs: such a bid is shown as not binding.
 */

export interface BindingLot {
  paymentMethod: string;
  vaultBidsRequired: boolean;
}

/** Whether Bitcoin bids on this lot must come from vaults: the lot's choice or its event's, BTC lots only. */
export function vaultBidsRequired(lot: BindingLot, event: { vaultBidsRequired: boolean } | null | undefined): boolean {
  return lot.paymentMethod === 'BTC' && (lot.vaultBidsRequired || (event?.vaultBidsRequired ?? false));
}

/**
 * A vault output may back a bid only if the bidder cannot take it alone before the swap could be co-signed: its
 * exit height must lie beyond the lot's end plus the settlement window (both counted in blocks from the tip).
 */
export function outputOutlastsLot(exitHeight: number, tipHeight: number, blocksToSettled: number): boolean {
  return exitHeight > tipHeight + blocksToSettled;
}

export const bindingBidMessages = {
  binding: 'Binding Bitcoin bid: placed from your vault, it settles if it wins',
  notBinding: 'This Bitcoin bid is not binding: its coins stay in your wallet until the seller co-signs, and spending them withdraws the bid',
  noVault: 'This lot takes Bitcoin bids only from your vault. Open your vault and fund it (My wallet), then bid again.',
  vaultTooSmall: 'Your vault has too few free confirmed coins for this bid (bid, platform fee and network fee)',
  refresh: 'Some of your vault coins unlock before this lot settles. Refresh your vault (My wallet) and bid again.',
  outputTaken: 'Some of these vault coins already back another leading bid. Bid again: the next bid uses your free coins.',
  wrongVault: 'This offer was built from another vault than yours',
} as const;
