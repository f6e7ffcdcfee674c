import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Lot } from '@gavel/domain';
import { sameAddress, walletMessages } from '@gavel/domain/wallet-rules';
import { useBidHistory } from '../api/bids.ts';
import { queryKeys } from '../api/query-keys.ts';
import { walletApi } from '../api/wallet.ts';
import { useAppDispatch } from '../state/store.ts';
import { showToast } from '../state/toasts.ts';
import { loadWalletKit } from '../wallet/load-wallet-kit.ts';
import { walletFailure } from '../wallet/wallet-failure.ts';
import { ensureLinked } from '../wallet/wallet-actions.ts';
import { useBidWallet } from './use-bid-wallet.ts';

/**
 * The connected wallet's side of an ended ETH lot (an auction on the auction house) on the lot page: the winner is the wallet whose
 * address is the lot's winner; a wallet that was outbid and has ETH waiting in the auction house gets
 * WITHDRAW (WITHDRAWING... while it runs, and while a withdrawal of its bids is still being indexed), which
 * sends `withdraw()` and then tells the api with POST /evm-withdrawals.
 */
export function OnChainOutcome({ lot }: { lot: Lot }) {
  const { wallet } = useBidWallet(lot);
  const history = useBidHistory(lot._id);
  const queryClient = useQueryClient();
  const dispatch = useAppDispatch();
  const [sent, setSent] = useState(false);
  const won = wallet !== null && sameAddress(lot.winner?.walletAddress, wallet.address);
  const myBids = (history.data ?? []).filter((bid) => sameAddress(bid.walletAddress, wallet?.address));
  const underWay = sent || myBids.some((bid) => bid.withdrawalStatus === 'withdrawing');

  const pending = useQuery({
    queryKey: queryKeys.pendingReturns.of(wallet?.address),
    enabled: wallet !== null && !won && myBids.length > 0,
    queryFn: async () => (await loadWalletKit()).pendingReturns(wallet!.walletId, wallet!.address),
    staleTime: 5_000,
  });

  const withdraw = useMutation({
    mutationFn: async () => {
      await ensureLinked(wallet!);
      const kit = await loadWalletKit();
      const { hash } = await kit.withdrawOnChain(wallet!.walletId, wallet!.address);
      setSent(true);
      await walletApi.withdrawal({ auctionId: lot._id, walletAddress: wallet!.address, txHash: hash });
    },
    onSuccess: () => {
      dispatch(showToast({ tone: 'success', title: walletMessages.withdrawalDone }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.pendingReturns.all });
      // withdraw() takes the wallet's refunds of every auction: each history showing its bids reads them again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.bids.all });
    },
    onError: async (error) => {
      const reason = await walletFailure(error, walletMessages.withdrawalFailed);
      dispatch(showToast({ tone: 'error', title: walletMessages.withdrawalFailed, description: reason === walletMessages.withdrawalFailed ? undefined : reason }));
    },
  });

  if (!wallet) return null;
  if (won)
    return (
      <p className="lot-result lot-result--won" data-testid="onchain-won">
        Your wallet won this lot: the NFT is transferred to it at settlement.
      </p>
    );
  const refundable = (pending.data ?? 0n) > 0n;
  if (!refundable && !withdraw.isPending) return null;
  const running = withdraw.isPending || underWay;
  return (
    <div className="onchain-withdraw">
      <p className="lot-result" data-testid="onchain-outbid">
        You were outbid: your ETH is waiting in the auction contract.
      </p>
      <button type="button" className="btn btn--primary btn--block" data-testid="withdraw" disabled={running} onClick={() => withdraw.mutate()}>
        {running ? 'WITHDRAWING...' : 'WITHDRAW'}
      </button>
    </div>
  );
}
