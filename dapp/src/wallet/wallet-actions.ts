/**
 * Connecting and disconnecting. Connecting asks the wallet for its address, then proves
 * ownership to the api: POST /wallet/connect gives a challenge (SIWE for EVM, a BIP-322 message for Bitcoin),
 * the wallet signs it, POST /wallet/verify checks it and links the address to the signed-in user. Only a
 * linked address can bid, withdraw or sell, so a visitor who is signed out keeps the wallet unlinked until
 * they sign in and connect again.
 */
import { walletApi } from '../api/wallet.ts';
import { readToken } from '../session/token-store.ts';
import { readAdminToken } from '../admin/admin-token.ts';
import { loadWalletKit } from './load-wallet-kit.ts';
import { clearWallet, readWallet, saveWallet, type ConnectedWallet } from './wallet-store.ts';
import { CHAIN_ID } from './chain-id.ts';

export type WalletChoice = { kind: 'bitcoin'; id: 'leather' | 'xverse' } | { kind: 'evm'; id: string };

async function reach(choice: WalletChoice): Promise<ConnectedWallet> {
  const kit = await loadWalletKit();
  const connectedAt = new Date().toISOString();
  if (choice.kind === 'bitcoin') {
    const { address, raw } = choice.id === 'leather' ? await kit.connectLeather() : await kit.connectXverse();
    const type = choice.id === 'leather' ? 'hiro' : 'xverse';
    return { address, type, walletName: choice.id === 'leather' ? 'Leather' : 'Xverse', walletId: choice.id, connectedAt, linked: false, raw };
  }
  const { address, name } = await kit.connectEvm(choice.id);
  return { address, type: 'evm', walletName: name, walletId: choice.id, connectedAt, linked: false };
}

/**
 * Whose account a wallet is linked to: the buyer session, else the admin session (an admin connects the wallet
 * the auction house calls come from on /connect-wallet, outside /s/admin, so the page's own token is not theirs).
 */
function accountToken(): string | null {
  return readToken() ?? readAdminToken();
}

/** Signs the api's challenge with the wallet and has the api link the address to `token`'s account. */
async function prove(wallet: ConnectedWallet, token: string): Promise<void> {
  const kit = await loadWalletKit();
  const challenge = await walletApi.challenge({
    walletAddress: wallet.address,
    walletType: wallet.type,
    walletName: wallet.walletName,
    ...(wallet.type === 'evm' ? { chainId: CHAIN_ID } : { publicKey: wallet.raw?.paymentPublicKey }),
  }, token);
  const signature = wallet.type === 'evm'
    ? await kit.signWithEvm(wallet.walletId, wallet.address, challenge.message)
    : await kit.signWithBitcoin(wallet.type, wallet.address, challenge.message);
  await walletApi.verify({ walletAddress: wallet.address, walletType: wallet.type, message: challenge.message, signature, nonce: challenge.nonce }, token);
}

/**
 * Connects, stores and (signed in) links the wallet. A wallet that connected but whose proof failed is not
 * kept: an unproven address would look usable and then be refused at the first bid.
 */
export async function connectWallet(choice: WalletChoice): Promise<ConnectedWallet> {
  const wallet = await reach(choice);
  const token = accountToken();
  if (!token) {
    saveWallet(wallet);
    return wallet;
  }
  try {
    await prove(wallet, token);
  } catch (error) {
    if (wallet.type === 'evm') await loadWalletKit().then((kit) => kit.disconnectEvm(wallet.walletId)).catch(() => {});
    throw error;
  }
  const linked = { ...wallet, linked: true };
  saveWallet(linked);
  return linked;
}

/**
 * Before an action the api only accepts from linked addresses (an on-chain bid's record, a withdrawal): a wallet
 * connected while signed out is proven now, so the action is not refused after the chain already took it.
 */
export async function ensureLinked(wallet: ConnectedWallet): Promise<ConnectedWallet> {
  if (wallet.linked) return wallet;
  const token = accountToken();
  if (!token) return wallet;
  await prove(wallet, token);
  const linked = { ...wallet, linked: true };
  saveWallet(linked);
  return linked;
}

/** Unlinks (when it was linked and the session is still there), lets the wallet go, forgets it. */
export async function disconnectWallet(): Promise<void> {
  const wallet = readWallet();
  if (!wallet) return;
  const token = accountToken();
  if (wallet.linked && token) await walletApi.disconnect(wallet.address, token);
  if (wallet.type === 'evm') await loadWalletKit().then((kit) => kit.disconnectEvm(wallet.walletId)).catch(() => {});
  clearWallet();
}
