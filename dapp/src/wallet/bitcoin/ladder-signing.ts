/**
 * A Bitcoin wallet's maximum bid signed in one sitting: every step of its ladder is an offer on the same coins
 * (so at most one can ever be paid), and the api places the bid only with all of them signed. A wallet that
 * signs several PSBTs in one request (Xverse: sats-connect's `signMultipleTransactions`) is asked once; any
 * other (Leather) is asked step by step, and the bidder told which step it is asking for. A refusal at any
 * step signs nothing for the api: the offers are never finalized and just expire.
 */
import { BitcoinNetworkType, getProviderById, RpcErrorCode, signMultipleTransactions, type SignMultipleTransactionsResponse } from 'sats-connect';
import { BIDDER_SIGHASH, walletMessages } from '@gavel/domain/wallet-rules';
import { signVaultWithdrawal } from './vault-wallet.ts';
import type { ConnectedWallet } from '../wallet-store.ts';
import type { LadderProgress } from '../ladder-progress.ts';
import { WalletError } from '../evm/evm-errors.ts';
import { XVERSE_PROVIDER } from './bitcoin-client.ts';
import { bidderSignRequest, signedPsbtHex, xverseSignParams, type SignPsbtRequest } from './psbt-request.ts';
import { bitcoinSigner, psbtFailure, signPsbtWith, type BitcoinWallet } from './psbt-signing.ts';

/** One step of the ladder as the bid reply gives it. */
export interface LadderStep {
  bidId: string;
  amount: string;
  psbtHex: string;
}

/** What finalize takes for each step. */
export interface SignedStep {
  bidId: string;
  signedPsbtHex: string;
}

/** What the wallet says the bidder is signing: shown in its one request for all the offers. */
const LADDER_MESSAGE = 'Sign your maximum bid: one offer per step, all on the same coins, so only one can ever be paid.';

/** The sats-connect network of an address (sats-connect's legacy requests name one; the JSON-RPC ones do not). */
function networkOf(address: string): BitcoinNetworkType {
  if (address.startsWith('bc1')) return BitcoinNetworkType.Mainnet;
  if (address.startsWith('bcrt1')) return BitcoinNetworkType.Regtest;
  return BitcoinNetworkType.Testnet;
}

interface MultiSigner {
  signMultipleTransactions?: unknown;
}

/** The Xverse provider, when it signs several PSBTs in one request. */
function multiSigner(wallet: BitcoinWallet): MultiSigner | null {
  if (wallet.type !== 'xverse') return null;
  const provider = getProviderById(XVERSE_PROVIDER) as MultiSigner | undefined;
  return typeof provider?.signMultipleTransactions === 'function' ? provider : null;
}

/**
 * Every step in one request. sats-connect answers through callbacks and reports any failure as a cancel, without
 * the wallet's reason: both are the bidder's refusal here.
 */
function signAllAtOnce(wallet: BitcoinWallet, provider: MultiSigner, requests: SignPsbtRequest[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const refused = () => reject(psbtFailure('xverse', 'bidder', { code: RpcErrorCode.USER_REJECTION }));
    signMultipleTransactions({
      getProvider: async () => provider as never,
      payload: {
        network: { type: networkOf(wallet.raw.paymentAddress) },
        message: LADDER_MESSAGE,
        psbts: requests.map((request) => {
          const params = xverseSignParams(request);
          return { psbtBase64: params.psbt, inputsToSign: Object.entries(params.signInputs).map(([address, signingIndexes]) => ({ address, signingIndexes })) };
        }),
      },
      onFinish: (response: SignMultipleTransactionsResponse) => {
        const signed = requests.map((_, i) => signedPsbtHex({ psbt: response[i]?.psbtBase64 }));
        if (signed.some((hex) => hex === null)) return reject(new WalletError(walletMessages.xverseNotSigned));
        resolve(signed as string[]);
      },
      onCancel: refused,
    }).catch(refused);
  });
}

/**
 * The ladder's steps signed by the bidder's wallet, in the reply's order, for finalize's `signedSteps`. `progress`
 * hears what the wallet is asking for, before it asks. `vaultInputs`: a binding ladder (from the vault), whose
 * steps' inputs the ordinals key signs on the vault's cooperative leaf, as a vault withdrawal is signed.
 */
export async function signBidLadder(connected: ConnectedWallet | null, steps: LadderStep[], progress: (now: LadderProgress) => void = () => {}, vaultInputs?: number[]): Promise<SignedStep[]> {
  const wallet = bitcoinSigner(connected);
  const requests = steps.map(
    (step): SignPsbtRequest =>
      vaultInputs ? { psbtHex: step.psbtHex, inputs: [{ address: wallet.raw.ordinalAddress, indices: vaultInputs }], sighash: BIDDER_SIGHASH } : bidderSignRequest(step.psbtHex, wallet.raw),
  );
  const provider = multiSigner(wallet);
  let signed: string[];
  if (provider) {
    progress({ kind: 'all', count: steps.length });
    signed = await signAllAtOnce(wallet, provider, requests);
  } else {
    signed = [];
    for (const [i, request] of requests.entries()) {
      progress({ kind: 'step', step: i + 1, of: steps.length, amount: steps[i]!.amount });
      signed.push(vaultInputs ? await signVaultWithdrawal(connected, request.psbtHex, xverseSignParams(request).psbt, vaultInputs) : await signPsbtWith(wallet, 'bidder', request));
    }
  }
  return steps.map((step, i) => ({ bidId: step.bidId, signedPsbtHex: signed[i]! }));
}
