/**
 * Wallet ownership: POST /wallet/connect issues a single-use challenge, POST
 * /wallet/verify checks its signature (SIWE for EVM, BIP-322 simple for Bitcoin) and only then links the
 * address to the signed-in user; the linked wallets, unlinking, and balances.
 */
import { getAddress } from 'viem';
import { verifySiweMessage } from 'viem/siwe';
import {
  checkBitcoinAddress,
  fill,
  walletBalanceReplySchema,
  walletChallengeReplySchema,
  walletConnectBodySchema,
  walletDisconnectBodySchema,
  walletDisconnectReplySchema,
  walletListReplySchema,
  walletProofMessages,
  walletReplySchema,
  walletVerifyBodySchema,
  type WalletKind,
} from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { Refused, refusedAt } from '../refused.ts';
import { WalletChallenges, nonceOf } from '../wallet/challenges.ts';
import { verifyBip322 } from '../wallet/bip322.ts';
import { isEvmAddress } from '../wallet/linked.ts';
import { linkedWallets, linkWallet, presentWallet, refuseIfLinkedElsewhere, unlinkWallet } from '../wallet/links.ts';
import { BalanceReader } from '../wallet/balance.ts';
import { fillDeliveryAddress } from '../bitcoin-settlement/inscription-delivery.ts';

const TAG = 'Wallet';

export function walletRoutes(routes: RouteTable, services: Services): void {
  const { db, config, chain, redis, bitcoin } = services;
  const challenges = new WalletChallenges(redis, config.redisPrefix);
  const balances = new BalanceReader(chain.rpc, bitcoin.esplora, config.bitcoin.network, config.wallet.balanceCacheMs);

  /** The address in its stored form (checksummed EVM, bech32 as given) after the type and network checks. */
  const normalise = (address: string, type: WalletKind): string => {
    if (type === 'evm') {
      if (!isEvmAddress(address)) throw refusedAt('invalid', walletProofMessages.evmAddressForEvm, 'invalid_address', 'walletAddress');
      return getAddress(address);
    }
    const check = checkBitcoinAddress(address, config.bitcoin.network);
    if (!check.ok) throw refusedAt('invalid', check.message, 'invalid_address', 'walletAddress');
    if (check.type !== 'p2wpkh' && check.type !== 'p2tr') throw refusedAt('invalid', walletProofMessages.bitcoinKeyUnsupported, 'unsupported_address', 'walletAddress');
    return address.trim().toLowerCase();
  };

  /** A Bitcoin wallet's ordinals address: taproot on this network, the only kind an inscription is delivered to. */
  const normaliseOrdinals = (address: string | undefined, type: WalletKind): string | undefined => {
    if (address === undefined) return undefined;
    if (type === 'evm') throw refusedAt('invalid', walletProofMessages.ordinalsBitcoinOnly, 'invalid_address', 'ordinalsAddress');
    const check = checkBitcoinAddress(address, config.bitcoin.network);
    if (!check.ok || check.type !== 'p2tr') throw refusedAt('invalid', walletProofMessages.ordinalsNotTaproot, 'ordinals_not_taproot', 'ordinalsAddress');
    return address.trim().toLowerCase();
  };

  routes.add({
    method: 'post',
    path: '/wallet/connect',
    rateLimit: 'walletConnect',
    tag: TAG,
    summary: 'Ask for a challenge proving a wallet is yours (SIWE for EVM, BIP-322 for Bitcoin)',
    description:
      'The challenge is single-use, bound to the signed-in user and the address, and expires after 10 minutes. ' +
      'Sign `data.message` as is (EVM: personal_sign; Bitcoin: BIP-322 simple) and send it to POST /wallet/verify. ' +
      'A Bitcoin wallet names its ordinals (taproot) address too, and signs the same message with it: won inscriptions go only there.',
    access: {},
    body: walletConnectBodySchema,
    reply: walletChallengeReplySchema,
    errors: { 409: walletProofMessages.linkedElsewhere },
    handler: async ({ body, user }) => {
      const address = normalise(body.walletAddress, body.walletType);
      const ordinalsAddress = normaliseOrdinals(body.ordinalsAddress, body.walletType);
      if (body.walletType === 'evm' && body.chainId !== undefined && body.chainId !== config.chain.chainId) {
        throw refusedAt('invalid', fill(walletProofMessages.wrongChain, { id: config.chain.chainId }), 'wrong_chain', 'chainId');
      }
      await refuseIfLinkedElsewhere(db, address, user.id);
      if (ordinalsAddress) await refuseIfLinkedElsewhere(db, ordinalsAddress, user.id);
      const challenge = await challenges.issue(
        { userId: user.id, walletAddress: address, walletType: body.walletType, walletName: body.walletName, ...(ordinalsAddress ? { ordinalsAddress } : {}) },
        { domain: config.wallet.siweDomain, uri: config.wallet.siweUri, chainId: config.chain.chainId, ttlMs: config.wallet.challengeTtlMs },
      );
      const { message, nonce, expiresAt, scheme } = challenge;
      return {
        message: walletProofMessages.challengeIssued,
        data: { walletAddress: address, walletType: body.walletType, message, nonce, expiresAt, scheme, ...(ordinalsAddress ? { ordinalsAddress } : {}) },
      };
    },
  });

  routes.add({
    method: 'post',
    path: '/wallet/verify',
    rateLimit: 'walletConnect',
    tag: TAG,
    summary: 'Prove a wallet with the signed challenge; links the address to you',
    description:
      'Refused (and the challenge used up) when the challenge is unknown or used, expired, issued to another account or address, ' +
      'the message differs from the one issued, or the signature is not by the address. Linking an address linked to another account is refused. ' +
      'When the challenge named an ordinals address, `ordinalsSignature` is the same message signed by it, and that address is linked too, as the ordinals one.',
    access: {},
    body: walletVerifyBodySchema,
    reply: walletReplySchema,
    status: 201,
    errors: { 403: walletProofMessages.challengeOtherUser, 409: walletProofMessages.linkedElsewhere, 410: walletProofMessages.challengeExpired },
    handler: async ({ body, user }) => {
      const address = normalise(body.walletAddress, body.walletType);
      const ordinalsAddress = normaliseOrdinals(body.ordinalsAddress, body.walletType);
      const nonce = body.nonce ?? nonceOf(body.message);
      const challenge = nonce ? await challenges.read(nonce) : null;
      if (!challenge) throw refusedAt('invalid', walletProofMessages.challengeUnknown, 'challenge_unknown', 'message');
      if (challenge.userId !== user.id) throw refusedAt('forbidden', walletProofMessages.challengeOtherUser, 'challenge_other_user');
      // From here the attempt spends the challenge, whatever its outcome.
      if (!(await challenges.consume(challenge.nonce))) throw refusedAt('invalid', walletProofMessages.challengeUnknown, 'challenge_unknown', 'message');
      if (Date.parse(challenge.expiresAt) <= Date.now()) throw refusedAt('gone', walletProofMessages.challengeExpired, 'challenge_expired', 'message');
      if (challenge.walletAddress !== address || challenge.walletType !== body.walletType || challenge.message !== body.message || challenge.ordinalsAddress !== ordinalsAddress) {
        throw refusedAt('invalid', walletProofMessages.challengeMismatch, 'challenge_mismatch', 'message');
      }
      const valid =
        challenge.scheme === 'siwe'
          ? await verifySiweMessage(chain.rpc.client, {
              message: body.message,
              signature: body.signature as `0x${string}`,
              address: getAddress(address),
              domain: config.wallet.siweDomain,
              nonce: challenge.nonce,
            }).catch(() => false) // a malformed signature, or a smart wallet whose chain cannot be asked
          : verifyBip322(address, body.message, body.signature, config.bitcoin.network);
      if (!valid) throw refusedAt('invalid', walletProofMessages.badSignature, 'bad_signature', 'signature');
      // The ordinals address signs the same message with its own key (unless it is the payment address itself).
      const separateOrdinals = ordinalsAddress !== undefined && ordinalsAddress !== address;
      if (separateOrdinals && !body.ordinalsSignature) throw refusedAt('invalid', walletProofMessages.ordinalsSignatureRequired, 'bad_signature', 'ordinalsSignature');
      if (separateOrdinals && !verifyBip322(ordinalsAddress, body.message, body.ordinalsSignature!, config.bitcoin.network)) {
        throw refusedAt('invalid', walletProofMessages.badSignature, 'bad_signature', 'ordinalsSignature');
      }
      if (separateOrdinals) await refuseIfLinkedElsewhere(db, ordinalsAddress, user.id);
      const kind = { type: body.walletType, walletName: challenge.walletName };
      const row = await linkWallet(db, user.id, address, kind, ordinalsAddress === address);
      if (separateOrdinals) await linkWallet(db, user.id, ordinalsAddress, kind, true);
      // A BTC lot this user won by card and that waits for an address gets the ordinals address now.
      if (ordinalsAddress) await fillDeliveryAddress(db.prisma, user.id);
      return { message: walletProofMessages.connected, data: presentWallet(row) };
    },
  });

  for (const path of ['/wallet/my-wallets', '/api/wallet/user-wallets']) {
    routes.add({
      method: 'get',
      path,
      tag: TAG,
      summary: 'The wallets linked to you, newest first',
      access: {},
      reply: walletListReplySchema,
      handler: async ({ user }) => ({ data: await linkedWallets(db.prisma, user.id) }),
    });
  }

  for (const method of ['post', 'delete'] as const) {
    routes.add({
      method,
      path: '/wallet/disconnect',
      tag: TAG,
      summary: 'Unlink a wallet from you (it can then be proved again by you or another account)',
      access: {},
      body: walletDisconnectBodySchema,
      reply: walletDisconnectReplySchema,
      errors: { 404: walletProofMessages.notLinked },
      handler: async ({ body, user }) => {
        const walletAddress = await unlinkWallet(db, user.id, body.walletAddress);
        return { message: walletProofMessages.disconnected, data: { walletAddress } };
      },
    });
  }

  routes.add({
    method: 'get',
    path: '/wallet/balance/:address',
    rateLimit: 'lookups',
    tag: TAG,
    summary: 'Balance of an address: ETH from the chain, sats from Esplora (cached for a few seconds)',
    access: {},
    reply: walletBalanceReplySchema,
    errors: { 503: walletProofMessages.balanceUnavailable },
    handler: async ({ params }) => {
      const raw = params.address!.trim();
      const kind = isEvmAddress(raw) ? 'evm' : 'bitcoin';
      if (kind === 'bitcoin') {
        const check = checkBitcoinAddress(raw, config.bitcoin.network);
        if (!check.ok) throw refusedAt('invalid', check.message, 'invalid_address', 'address');
      }
      const data = await balances.read(kind === 'evm' ? getAddress(raw) : raw.toLowerCase(), kind).catch((error: unknown) => {
        services.log.warn({ err: error, address: raw }, 'balance read failed');
        throw new Refused('unavailable', walletProofMessages.balanceUnavailable, 'balance_unavailable');
      });
      return { data };
    },
  });
}
