/**
 * Connecting and disconnecting. Connecting asks the wallet for its address, then proves
 * ownership to the api: POST /wallet/connect gives a challenge (SIWE for EVM, a BIP-322 message for Bitcoin),
 * the wallet signs it, POST /wallet/verify checks it and links the address to the signed-in user. Only a
 * linked address can bid, withdraw or sell, so a visitor who is signed out keeps the wallet unlinked until
 * they sign in and connect again. A Bitcoin wallet's ordinals (taproot) address signs the same challenge and is
 * linked with it: the api sends an inscription won by card only to such an address.
 */
import { walletApi } from '../api/wallet.ts';
import { readToken } from '../state/session-token.ts';
import { readAdminToken } from '../session/admin-token.ts';
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

/** A Bitcoin wallet's own taproot ordinals address (bc1p, tb1p, bcrt1p), if it reported one. */
function ordinalsAddressOf(wallet: ConnectedWallet): string | undefined {
  const address = wallet.type === 'evm' ? undefined : wallet.raw?.ordinalAddress;
  return address && /^(bc|tb|bcrt)1p/i.test(address) ? address : undefined;
}

/** Signs the api's challenge with the wallet and has the api link the address (and its ordinals one) to `token`'s account. */
async function prove(wallet: ConnectedWallet, token: string): Promise<void> {
  const kit = await loadWalletKit();
  const ordinalsAddress = ordinalsAddressOf(wallet);
  const challenge = await walletApi.challenge(
    {
      walletAddress: wallet.address,
      walletType: wallet.type,
      walletName: wallet.walletName,
      ...(wallet.type === 'evm' ? { chainId: CHAIN_ID } : { publicKey: wallet.raw?.paymentPublicKey, ordinalsAddress }),
    },
    token,
  );
  const signature =
    wallet.type === 'evm' ? await kit.signWithEvm(wallet.walletId, wallet.address, challenge.message) : await kit.signWithBitcoin(wallet.type, wallet.address, challenge.message, 'payment');
  // The ordinals key signs the same text; a wallet whose payment address is its taproot one signs once.
  const ordinalsSignature =
    wallet.type !== 'evm' && ordinalsAddress && ordinalsAddress !== wallet.address ? await kit.signWithBitcoin(wallet.type, ordinalsAddress, challenge.message, 'ordinals') : undefined;
  await walletApi.verify({ walletAddress: wallet.address, walletType: wallet.type, message: challenge.message, signature, nonce: challenge.nonce, ordinalsAddress, ordinalsSignature }, token);
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
    if (wallet.type === 'evm')
      await loadWalletKit()
        .then((kit) => kit.disconnectEvm(wallet.walletId))
        .catch(() => {});
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
  if (wallet.linked && token) {
    await walletApi.disconnect(wallet.address, token);
    // Its ordinals address was linked with it (a wallet linked before that was not: nothing to unlink then).
    const ordinals = ordinalsAddressOf(wallet);
    if (ordinals && ordinals !== wallet.address) await walletApi.disconnect(ordinals, token).catch(() => {});
  }
  if (wallet.type === 'evm')
    await loadWalletKit()
      .then((kit) => kit.disconnectEvm(wallet.walletId))
      .catch(() => {});
  clearWallet();
}
