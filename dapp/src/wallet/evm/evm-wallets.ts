/**
 * The connect-wallet modal's EVM tab, as RainbowKit wallet objects: their ids, names, install state and download pages,
 * and the wagmi connector each one creates. Loaded only with the rest of the wallet code.
 */
import { connectorsForWallets } from '@rainbow-me/rainbowkit';
import { baseAccount, metaMaskWallet, rainbowWallet, trustWallet, walletConnectWallet } from '@rainbow-me/rainbowkit/wallets';
import type { Wallet } from '@rainbow-me/rainbowkit';
import type { CreateConnectorFn } from 'wagmi';

export const APP_NAME = 'Gavel';
/** WalletConnect's cloud project; a placeholder locally, where WalletConnect cannot reach its relay anyway. */
export const PROJECT_ID = import.meta.env.VITE_WALLETCONNECT_PROJECT_ID || 'gavel-local';

type CreateWallet = (options: { projectId: string; appName: string }) => Wallet;

/** In the connect-wallet modal's order. */
export const EVM_WALLETS: Record<string, CreateWallet> = {
  trust: trustWallet,
  metaMask: metaMaskWallet,
  rainbow: rainbowWallet,
  baseAccount,
  walletConnect: walletConnectWallet,
};

export interface EvmWalletInfo {
  id: string;
  name: string;
  /** False only when the wallet is a browser extension that is missing (WalletConnect and Base Account never are). */
  installed: boolean;
  downloadUrl: string | null;
}

export function evmWalletInfo(id: string): EvmWalletInfo {
  const wallet = EVM_WALLETS[id]!({ projectId: PROJECT_ID, appName: APP_NAME });
  const extensionOnly = id === 'trust' || id === 'metaMask' || id === 'rainbow';
  return {
    id: wallet.id,
    name: wallet.name,
    installed: !extensionOnly || wallet.installed === true,
    downloadUrl: wallet.downloadUrls?.browserExtension ?? wallet.downloadUrls?.qrCode ?? null,
  };
}

/** The wagmi connector of one wallet, carrying RainbowKit's details (id, name) like its own modal's would. */
export function connectorFor(id: string): CreateConnectorFn {
  const create = EVM_WALLETS[id];
  if (!create) throw new Error(`Unknown wallet ${id}`);
  const [connector] = connectorsForWallets([{ groupName: 'EVM', wallets: [create as never] }], { projectId: PROJECT_ID, appName: APP_NAME });
  return connector!;
}
