import { useNavigate, useSearchParams } from 'react-router';
import { safeReturnPath } from '../session/return-path.ts';
import { ConnectWalletModal } from './ConnectWalletModal.tsx';

/** `/connect-wallet?returnUrl=`: the connect-wallet modal on its own route; connecting or closing goes back to `returnUrl`. */
export function ConnectWalletPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const back = () => void navigate(safeReturnPath(params.get('returnUrl')) ?? '/', { replace: true });
  return (
    <section className="page page--narrow" data-testid="connect-wallet-page">
      <h1 className="page__title">Connect Wallet</h1>
      <p>Connect Leather or Xverse for Bitcoin lots, or an Ethereum wallet for NFT lots.</p>
      <ConnectWalletModal open onClose={back} onConnected={back} initialTab={params.get('tab') === 'evm' ? 'evm' : 'bitcoin'} />
    </section>
  );
}
