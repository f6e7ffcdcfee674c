/** The connect-wallet modal's two tabs, in the spec's order, with their badges. Ids are the wallet kit's. */
export interface CatalogEntry {
  id: string;
  name: string;
  badge?: 'Popular' | 'Recent';
}

export const BITCOIN_WALLETS: CatalogEntry[] = [
  { id: 'leather', name: 'Leather', badge: 'Popular' },
  { id: 'xverse', name: 'Xverse Wallet' },
];

export const EVM_CATALOG: CatalogEntry[] = [
  { id: 'trust', name: 'Trust Wallet', badge: 'Popular' },
  { id: 'metaMask', name: 'MetaMask', badge: 'Recent' },
  { id: 'rainbow', name: 'Rainbow' },
  { id: 'baseAccount', name: 'Base Account' },
  { id: 'walletConnect', name: 'WalletConnect' },
];

/** Where to get the Bitcoin wallets when they are missing (sats-connect knows none for Leather). */
export const BITCOIN_DOWNLOADS: Record<string, string> = {
  leather: 'https://leather.io/install-extension',
  xverse: 'https://www.xverse.app/download',
};
