import { useMutation, useQueryClient } from '@tanstack/react-query';
import { psbtMessages, type Lot } from '@gavel/domain';
import { bitcoinApi } from '../api/bitcoin.ts';
import { ApiRequestError, serverMessage } from '../api/http.ts';
import { queryKeys } from '../api/query-keys.ts';
import { useAppDispatch } from '../state/store.ts';
import { useNotify } from '../components/toast/use-notify.ts';
import { showToast } from '../state/toasts.ts';
import { loadWalletKit } from '../wallet/load-wallet-kit.ts';
import { walletFailure } from '../wallet/wallet-failure.ts';
import { useConnectedWallet } from '../wallet/wallet-store.ts';
import './settlement.css';

/**
 * The winner's claim on an ended BTC lot (the seller co-signs, the winner
 * completes). The winning offer is normally all the seller needs; if the winner's wallet has spent the coins it
 * offered, the seller cannot complete it, and the winner signs a fresh claim at the winning price from the
 * wallet's current coins, which replaces the offer. Shown to the winner, recognised by the connected wallet
 * being the lot's winner address, until the lot is paid.
 */
export function WinnerClaim({ lot }: { lot: Lot }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const dispatch = useAppDispatch();
  const wallet = useConnectedWallet();
  const claim = useMutation({
    mutationFn: async () => {
      const template = await bitcoinApi.winnerTemplate({
        auctionId: lot._id,
        walletAddress: wallet!.address,
        ordinalsAddress: wallet!.raw?.ordinalAddress,
        ...(wallet!.raw?.paymentPublicKey ? { paymentPublicKey: wallet!.raw.paymentPublicKey } : {}),
      });
      const kit = await loadWalletKit();
      const signedPsbtHex = await kit.signBidPsbt(wallet, template.data.psbtHex);
      return bitcoinApi.winnerClaim({ auctionId: lot._id, templateId: template.data.templateId, signedPsbtHex });
    },
    onSuccess: (reply) => {
      notify.success(reply.message, psbtMessages.claimed);
      void queryClient.invalidateQueries({ queryKey: queryKeys.settlementPsbt(lot._id) });
    },
    onError: async (error) => {
      const title = error instanceof ApiRequestError ? (serverMessage(error) ?? psbtMessages.templateFailed) : await walletFailure(error, psbtMessages.templateFailed);
      dispatch(showToast({ tone: 'error', title }));
    },
  });

  const won = lot.winner?.walletAddress && wallet && wallet.type !== 'evm' && wallet.address.toLowerCase() === lot.winner.walletAddress.toLowerCase();
  if (!won || lot.paymentMethod !== 'BTC' || !lot.inscriptionId || lot.settlement?.state !== 'awaiting_payment') return null;
  return (
    <div className="page">
      <section className="settlement" data-testid="winner-claim" aria-labelledby="winner-claim-title">
        <h2 id="winner-claim-title" className="settlement__title">
          You won this lot
        </h2>
        <p className="settlement__note">
          The seller completes the sale by co-signing your winning offer: one transaction pays them and sends the inscription to your wallet. If your wallet has spent the coins the offer used, the
          seller cannot complete it: sign a fresh claim at the same price.
        </p>
        <div className="settlement__step">
          <button type="button" className="btn btn--ghost" disabled={claim.isPending} onClick={() => claim.mutate()} data-testid="winner-claim-sign">
            {claim.isPending ? 'Signing in your wallet…' : 'Sign a fresh claim'}
          </button>
        </div>
      </section>
    </div>
  );
}
