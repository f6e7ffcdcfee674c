/** The only way into the wallet chunk: a dynamic import, so `/auctions` and other pages never pay for it. */
export type WalletKit = typeof import('./wallet-kit.ts');

let kit: Promise<WalletKit> | null = null;

export function loadWalletKit(): Promise<WalletKit> {
  kit ??= import('./wallet-kit.ts').catch((error: unknown) => {
    kit = null; // a failed chunk fetch (offline, new deploy) may succeed on the next try
    throw error;
  });
  return kit;
}
