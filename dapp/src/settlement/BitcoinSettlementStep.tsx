import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { psbtMessages } from '@gavel/domain';
import { bitcoinWalletRefusal, sellerWalletAddress, walletMessages } from '@gavel/domain/wallet-rules';
import { bitcoinApi } from '../api/bitcoin.ts';
import { ApiRequestError, serverMessage } from '../api/http.ts';
import { lotChanged } from '../api/lot-cache.ts';
import { queryKeys } from '../api/query-keys.ts';
import { useAppDispatch } from '../state/store.ts';
import { useNotify } from '../components/toast/use-notify.ts';
import { showToast } from '../state/toasts.ts';
import { loadWalletKit } from '../wallet/load-wallet-kit.ts';
import { walletFailure } from '../wallet/wallet-failure.ts';
import { useConnectedWallet } from '../wallet/wallet-store.ts';

/** While the swap waits for its first confirmation, how often the panel asks (the worker follows it too). */
const BROADCAST_POLL_MS = 5_000;

interface BitcoinLot {
  _id: string;
  /** The seller address: the lot's inscription holder and payout address. */
  walletAddress: string | null;
}

/**
 * The on-chain step of an ended BTC lot: the seller's connected wallet, which
 * must be the lot's seller address, co-signs the winning offer's inscription input (SIGHASH_ALL);
 * the api finalizes and broadcasts the swap, and once it confirms the lot is paid and
 * transferred with its hash ("Auction Complete"). Without a signed winning offer there is nothing to co-sign:
 * the winner has to claim first, and meanwhile the manual steps (`manual`) stay open.
 */
export function BitcoinSettlementStep({ lot, manual }: { lot: BitcoinLot; manual: ReactNode }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const dispatch = useAppDispatch();
  const wallet = useConnectedWallet();
  const state = useQuery({
    queryKey: queryKeys.settlementPsbt(lot._id),
    queryFn: ({ signal }) => bitcoinApi.settlement(lot._id, signal),
    refetchInterval: (query) => (query.state.data?.stage === 'broadcast' ? BROADCAST_POLL_MS : false),
  });
  const stage = state.data?.stage;

  // A confirmed swap has made the lot paid and transferred: the pages showing the lot read it again.
  useEffect(() => {
    if (stage !== 'confirmed') return;
    lotChanged(queryClient, lot._id);
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
  }, [stage, lot._id, queryClient]);

  const signer = wallet && wallet.type !== 'evm' ? sellerWalletAddress([wallet.address, wallet.raw?.ordinalAddress], lot.walletAddress) : null;
  const coSign = useMutation({
    mutationFn: async () => {
      // The winning offer as it is now: a winner's claim may have replaced the one this page first read.
      const current = await bitcoinApi.settlement(lot._id);
      if (!current.psbtHex) throw new ApiRequestError(409, psbtMessages.noTemplate, 'no_psbt_template');
      const kit = await loadWalletKit();
      const signedPsbtHex = await kit.signSellerPsbt(wallet, current.psbtHex, current.sellerInputIndices, signer!);
      return bitcoinApi.sellerSign({ auctionId: lot._id, walletAddress: signer!, signedPsbtHex });
    },
    onSuccess: (reply) => {
      notify.success(reply.message, psbtMessages.broadcast);
      queryClient.setQueryData(queryKeys.settlementPsbt(lot._id), reply.data);
    },
    // The api's words when it refused; else a wallet failure is "Seller sign failed", a lost save "Failed to save seller signature".
    onError: async (error) => {
      const title = error instanceof ApiRequestError ? (serverMessage(error) ?? psbtMessages.saveSellerFailed) : await walletFailure(error, psbtMessages.sellerSignFailed);
      dispatch(showToast({ tone: 'error', title }));
    },
  });

  if (state.isPending) return <div className="skeleton" style={{ height: 48 }} data-testid="btc-settlement-loading" />;
  if (state.isError || !state.data)
    return (
      <p className="field__error" data-testid="btc-settlement-error">
        {psbtMessages.sellerSignFailed}
      </p>
    );
  if (stage === 'settled_by_hand') return manual;
  if (stage === 'no_winner') {
    return (
      <>
        <p className="settlement__note" data-testid="btc-settlement-no-template">
          {psbtMessages.noTemplate}
        </p>
        {manual}
      </>
    );
  }
  if (stage === 'broadcast' || stage === 'confirmed') {
    return (
      <div className="settlement__step" data-testid="btc-settlement-broadcast">
        <p>The swap is broadcast: it pays you and moves the inscription to the winner. Waiting for its first confirmation.</p>
        <p>
          Transaction{' '}
          <span className="mono" data-testid="btc-settlement-txid">
            {state.data.txid}
          </span>
        </p>
      </div>
    );
  }
  return (
    <div className="settlement__step" data-testid="btc-settlement-sign">
      <p>Sign the winning offer with the seller wallet: one transaction pays you and moves the inscription to the winner.</p>
      {!wallet && (
        <p className="field__error" data-testid="btc-settlement-wallet">
          {walletMessages.connectFirst}. <Link to={`/connect-wallet?returnUrl=${encodeURIComponent(location.pathname + location.search)}`}>Connect Wallet</Link>
        </p>
      )}
      {wallet && !signer && (
        <p className="field__error" data-testid="btc-settlement-wallet">
          {bitcoinWalletRefusal(wallet) ?? psbtMessages.walletMismatch}
        </p>
      )}
      <button type="button" className="btn btn--primary" disabled={!signer || coSign.isPending} onClick={() => coSign.mutate()} data-testid="btc-seller-sign">
        {coSign.isPending ? 'Signing in your wallet…' : 'Sign and transfer'}
      </button>
    </div>
  );
}
