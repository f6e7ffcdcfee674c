/**
 * PLACE BID on ETH and on-chain lots: the bid goes on chain from the connected Ethereum
 * wallet. The wallet rules first (an Ethereum wallet, a blockchain auction id), then the wallet kit simulates,
 * sends and waits for the receipt; the api records the mined bid (it reads the receipt itself), and the lot's
 * price follows from the indexer. Success is "On-chain bid placed successfully!".
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parseAmount, type Lot } from '@gavel/domain';
import { walletMessages } from '@gavel/domain/wallet-rules';
import { lotChanged } from '../api/lot-cache.ts';
import { walletApi } from '../api/wallet.ts';
import { useAppDispatch } from '../state/store.ts';
import { showToast } from '../state/toasts.ts';
import { bidPlacedOn } from '../state/notices.ts';
import { ownBidPlaced } from '../state/own-bids.ts';
import { loadWalletKit } from '../wallet/load-wallet-kit.ts';
import type { ConnectedWallet } from '../wallet/wallet-store.ts';
import { walletFailure } from '../wallet/wallet-failure.ts';
import { ensureLinked } from '../wallet/wallet-actions.ts';

/** Why an on-chain bid cannot start, in the spec's words, or null. */
export function ethBidBlock(lot: Pick<Lot, 'auctionId'>, wallet: ConnectedWallet | null): string | null {
  if (wallet?.type !== 'evm') return walletMessages.connectEthereum;
  if (!lot.auctionId) return walletMessages.auctionIdRequired;
  return null;
}

export function useEthBid(lot: Lot, wallet: ConnectedWallet | null) {
  const queryClient = useQueryClient();
  const dispatch = useAppDispatch();
  return useMutation({
    mutationFn: async (amount: string) => {
      const block = ethBidBlock(lot, wallet);
      if (block) throw new Error(block);
      const amountWei = parseAmount(amount, 'ETH');
      await ensureLinked(wallet!);
      const kit = await loadWalletKit();
      const { hash } = await kit.bidOnChain(wallet!.walletId, wallet!.address, BigInt(lot.auctionId!), amountWei);
      // The bid is final on chain; a failed record only delays the api, whose chain follower sees it anyway.
      const recorded = await walletApi.recordEthBid(lot._id, { blockchainAuctionId: lot.auctionId!, mongoAuctionId: lot._id, bidAmount: amount, walletAddress: wallet!.address, txHash: hash }).then(
        () => true,
        () => false,
      );
      return { hash, recorded };
    },
    onSuccess: ({ recorded }, amount) => {
      dispatch(
        showToast({
          tone: 'success',
          title: walletMessages.onChainBidPlaced,
          description: recorded ? undefined : 'It will show on the lot as soon as Gavel reads it from the chain.',
        }),
      );
      dispatch(bidPlacedOn(lot._id));
      dispatch(ownBidPlaced({ lotId: lot._id, amount }));
      lotChanged(queryClient, lot._id);
    },
    onError: async (error) => {
      dispatch(showToast({ tone: 'error', title: await walletFailure(error, 'Failed to place bid') }));
    },
  });
}
