/**
 * The vault's two wallet prompts: funding (the wallet sends to the vault address: sats-connect `sendTransfer`
 * for Xverse, `sendTransfer` on LeatherProvider), and a withdrawal's signature (every input spends the vault's
 * cooperative leaf, which names the ordinals key: the wallet signs the script path with that key, one prompt).
 */
import { request } from 'sats-connect';
import { walletMessages } from '@gavel/domain/wallet-rules';
import type { ConnectedWallet } from '../wallet-store.ts';
import { WalletError } from '../evm/evm-errors.ts';
import { leather, rpcFailure, XVERSE_PROVIDER } from './bitcoin-client.ts';
import { bitcoinSigner, psbtFailure } from './psbt-signing.ts';
import { signedPsbtHex, signsScriptPath } from './psbt-request.ts';

const FUND_CANCELLED = 'Funding cancelled in the wallet';

/** Sends `sats` from the wallet to the vault; answers the txid. */
export async function fundVault(connected: ConnectedWallet | null, vaultAddress: string, sats: number): Promise<string> {
  const wallet = bitcoinSigner(connected);
  if (wallet.type === 'hiro') {
    const reply = await leather('sendTransfer', { recipients: [{ address: vaultAddress, amount: String(sats) }], network: vaultAddress.startsWith('bc1') ? 'mainnet' : 'testnet' });
    if (reply.error) throw rpcFailure(reply.error, FUND_CANCELLED, 'The wallet could not send to your vault');
    const txid = (reply.result as { txid?: string } | undefined)?.txid;
    if (!txid) throw new WalletError('The wallet could not send to your vault');
    return txid;
  }
  const reply = await request('sendTransfer', { recipients: [{ address: vaultAddress, amount: sats }] }, XVERSE_PROVIDER);
  if (reply.status === 'error') throw rpcFailure(reply.error, FUND_CANCELLED, 'The wallet could not send to your vault');
  return reply.result.txid;
}

/** The withdrawal PSBT signed by the ordinals key on the cooperative leaf of `inputs`, as hex for the api. */
export async function signVaultWithdrawal(connected: ConnectedWallet | null, psbtHex: string, psbtBase64: string, inputs: number[]): Promise<string> {
  const wallet = bitcoinSigner(connected);
  if (!wallet.raw.ordinalAddress) throw new WalletError(walletMessages.noAddress);
  if (wallet.type === 'hiro') {
    const reply = await leather('signPsbt', { hex: psbtHex, signAtIndex: inputs, network: wallet.raw.ordinalAddress.startsWith('bc1') ? 'mainnet' : 'testnet', broadcast: false });
    if (reply.error) throw psbtFailure('hiro', 'bidder', reply.error);
    const signed = signedPsbtHex(reply.result as { hex?: string } | undefined);
    if (!signed) throw psbtFailure('hiro', 'bidder', undefined);
    return signedForVault(signed, inputs);
  }
  const reply = await request('signPsbt', { psbt: psbtBase64, signInputs: { [wallet.raw.ordinalAddress]: inputs }, broadcast: false }, XVERSE_PROVIDER);
  if (reply.status === 'error') throw psbtFailure('xverse', 'bidder', reply.error);
  const signed = signedPsbtHex(reply.result);
  if (!signed) throw new WalletError(walletMessages.xverseNotSigned);
  return signedForVault(signed, inputs);
}

/** The signed PSBT, unless the wallet signed none of the vault's inputs: it cannot make binding bids, and is told why. */
function signedForVault(signed: string, inputs: number[]): string {
  if (!signsScriptPath(signed, inputs)) throw new WalletError(walletMessages.vaultScriptPathUnsigned);
  return signed;
}
