import type { Lot } from '@gavel/domain';

/** The card's type badge: what is being sold and where its bids live. */
export function lotTypeLabel(lot: Pick<Lot, 'paymentMethod' | 'auctionType'>): string {
  const where = lot.auctionType === 'onchain' ? 'On-chain' : 'Off-chain';
  if (lot.paymentMethod === 'BTC') return `Bitcoin · ${where}`;
  if (lot.paymentMethod === 'ETH') return `Ethereum · ${where}`;
  return `USD · ${where}`;
}

export const PAYMENT_METHOD_LABELS: Record<Lot['paymentMethod'], string> = {
  BTC: 'Bitcoin (sats)',
  ETH: 'Ethereum (ETH)',
  Manual: 'Card / manual (USD)',
};
