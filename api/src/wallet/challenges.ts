/**
 * Single-use wallet challenges (POST /wallet/connect, POST /wallet/verify). A challenge is bound to the user,
 * the address and its exact text, kept in Redis past its expiry (so an expired one is told apart from an
 * unknown or used one), and consumed by the first verify attempt, right or wrong: a wallet that fails signs a
 * fresh challenge.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import type { WalletKind } from '@gavel/domain';

export interface StoredChallenge {
  userId: string;
  walletAddress: string;
  walletType: WalletKind;
  walletName: string;
  /** Bitcoin: the wallet's ordinals (taproot) address, proved by a second signature of the same message. */
  ordinalsAddress?: string;
  message: string;
  nonce: string;
  scheme: 'siwe' | 'bip322';
  expiresAt: string;
}

/** How long a used-up or expired challenge is remembered, to say "expired" rather than "unknown". */
const REMEMBER_EXPIRED_MS = 60 * 60_000;

export class WalletChallenges {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(nonce: string): string {
    return `${this.prefix}:wallet-challenge:${nonce}`;
  }

  async issue(input: Omit<StoredChallenge, 'message' | 'nonce' | 'scheme' | 'expiresAt'>, site: { domain: string; uri: string; chainId: number; ttlMs: number }): Promise<StoredChallenge> {
    // SIWE nonces are alphanumeric, at least 8 characters (EIP-4361).
    const nonce = randomBytes(16).toString('hex');
    const issuedAt = new Date();
    const expiresAt = new Date(issuedAt.getTime() + site.ttlMs);
    const scheme = input.walletType === 'evm' ? 'siwe' : 'bip322';
    const message =
      scheme === 'siwe'
        ? createSiweMessage({
            domain: site.domain,
            address: getAddress(input.walletAddress),
            statement: 'Link this wallet to your Gavel account.',
            uri: site.uri,
            version: '1',
            chainId: site.chainId,
            nonce,
            issuedAt,
            expirationTime: expiresAt,
          })
        : bitcoinMessage(site.domain, [...new Set([input.walletAddress, input.ordinalsAddress ?? input.walletAddress])], input.userId, nonce, issuedAt, expiresAt);
    const challenge: StoredChallenge = { ...input, message, nonce, scheme, expiresAt: expiresAt.toISOString() };
    await this.redis.set(this.key(nonce), JSON.stringify(challenge), 'PX', site.ttlMs + REMEMBER_EXPIRED_MS);
    return challenge;
  }

  async read(nonce: string): Promise<StoredChallenge | null> {
    const text = await this.redis.get(this.key(nonce));
    return text ? (JSON.parse(text) as StoredChallenge) : null;
  }

  /** True for the one caller that consumed it; a concurrent second verify of the same challenge gets false. */
  async consume(nonce: string): Promise<boolean> {
    return (await this.redis.del(this.key(nonce))) === 1;
  }
}

/**
 * The BIP-322 text: what the wallet shows, naming the site, the addresses and the account they are linked to.
 * A wallet's payment and ordinals addresses share one text, each signing it with its own key.
 */
function bitcoinMessage(domain: string, addresses: string[], userId: string, nonce: string, issuedAt: Date, expiresAt: Date): string {
  return [
    addresses.length > 1 ? `${domain} wants you to prove you own these Bitcoin addresses:` : `${domain} wants you to prove you own this Bitcoin address:`,
    ...addresses,
    '',
    'Link this wallet to your Gavel account.',
    '',
    `Account: ${userId}`,
    `Nonce: ${nonce}`,
    `Issued At: ${issuedAt.toISOString()}`,
    `Expiration Time: ${expiresAt.toISOString()}`,
  ].join('\n');
}

/** The nonce inside a challenge text (SIWE's "Nonce:" line, the same line in the Bitcoin message). */
export function nonceOf(message: string): string | null {
  return /^Nonce: ([0-9a-zA-Z]{8,})$/m.exec(message)?.[1] ?? null;
}
