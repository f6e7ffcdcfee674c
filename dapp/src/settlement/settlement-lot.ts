import type { Settlement } from '@gavel/domain';

/** An ended lot as the seller's and admin's settlement panel and its steps read it. */
export interface SettlementLot {
  _id: string;
  title: string;
  lotNumber: number;
  auctionType: 'onchain' | 'offchain';
  paymentMethod: 'BTC' | 'ETH' | 'Manual';
  /** BTC lots: the inscription sold, settled by the swap its winning offer describes. */
  inscriptionId: string | null;
  /** The seller's wallet address. */
  walletAddress: string | null;
  unit: string;
  soldPrice: string | null;
  txHash: string | null;
  transferTransactionHash: string | null;
  winner: { name: string | null; firstName: string | null; lastName: string | null; walletAddress: string | null } | null;
  settlement: Settlement;
}
