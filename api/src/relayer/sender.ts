/**
 * Sends the relayer's transactions one sequence at a time. Every transaction takes its nonce from the
 * account's `pending` transaction count under a Redis lock held until the node has it, so two workers (or two
 * api processes) never pick the same nonce; a "nonce too low" or "replacement underpriced" answer (another
 * sender got there first, or a stuck transaction) is retried with a fresh nonce.
 *
 * A transaction is signed here and its hash recorded (`onSent`) before it leaves, and its signed copy is kept in
 * Redis: when the node's answer to the broadcast is lost (a stalled or cut connection after the node took it), the
 * caller's retry finds the hash and waits for it, re-broadcasting the same copy if the node never had it, instead of
 * sending a second transaction that would bid, withdraw or mint again.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  BaseError,
  createWalletClient,
  encodeFunctionData,
  http,
  keccak256,
  NonceTooLowError,
  TransactionNotFoundError,
  type Abi,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

const LOCK_MS = 30_000;
const NONCE_RETRIES = 5;
/** How long a signed transaction is kept for a re-broadcast: far past any receipt wait and job retry. */
const SIGNED_KEEP_S = 24 * 3600;

export interface ContractWrite {
  address: Address;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
  value?: bigint;
}

export class RelayerSender {
  readonly account: PrivateKeyAccount;
  private readonly wallet;

  constructor(
    privateKey: `0x${string}`,
    rpcUrl: string,
    private readonly client: PublicClient,
    private readonly redis: Redis,
    private readonly prefix: string,
    timeoutMs?: number,
  ) {
    this.account = privateKeyToAccount(privateKey);
    this.wallet = createWalletClient({ account: this.account, transport: http(rpcUrl, { retryCount: 0, ...(timeoutMs && { timeout: timeoutMs }) }) });
  }

  get address(): string {
    return this.account.address.toLowerCase();
  }

  /**
   * Sends `write` with the next nonce. The node simulates it first (a revert throws before anything is recorded);
   * `onSent` records the hash before the broadcast, so an answer lost on the way back leaves it recorded.
   */
  async send(write: ContractWrite, onSent: (hash: Hash, nonce: number) => Promise<void>): Promise<Hash> {
    for (let attempt = 0; ; attempt++) {
      const hash = await this.withLock(async () => {
        const nonce = await this.client.getTransactionCount({ address: this.account.address, blockTag: 'pending' });
        try {
          const data = encodeFunctionData({ abi: write.abi, functionName: write.functionName, args: write.args ?? [] });
          // chain null: the node's chain id is used (the api serves one chain; ChainService checks its contracts).
          const request = await this.wallet.prepareTransactionRequest({ account: this.account, chain: null, to: write.address, data, value: write.value, nonce });
          const signed = await this.wallet.signTransaction({ ...request, chain: null } as Parameters<typeof this.wallet.signTransaction>[0]);
          const sent = keccak256(signed);
          await this.redis.set(this.signedKey(sent), signed, 'EX', SIGNED_KEEP_S);
          await onSent(sent, nonce);
          await this.wallet.sendRawTransaction({ serializedTransaction: signed });
          return sent;
        } catch (error) {
          if (attempt < NONCE_RETRIES && isNonceClash(error)) return null;
          throw error;
        }
      });
      if (hash) return hash;
    }
  }

  /**
   * The receipt of a sent transaction. One the node does not know (its broadcast was lost before it got there) is
   * broadcast again from its signed copy first; the same copy, so it can only ever be mined once.
   */
  async wait(hash: Hash): Promise<TransactionReceipt> {
    if (!(await this.known(hash))) {
      const signed = (await this.redis.get(this.signedKey(hash))) as Hex | null;
      if (!signed) throw new Error(`transaction ${hash} is unknown to the node and its signed copy is gone`);
      await this.wallet.sendRawTransaction({ serializedTransaction: signed }).catch((error: unknown) => {
        // Known by now after all (the first broadcast arrived meanwhile): the wait below finds it.
        if (!/already known/i.test(error instanceof Error ? error.message : '')) throw error;
      });
    }
    return this.client.waitForTransactionReceipt({ hash, timeout: 120_000 });
  }

  private async known(hash: Hash): Promise<boolean> {
    try {
      await this.client.getTransaction({ hash });
      return true;
    } catch (error) {
      if (error instanceof BaseError && error.walk((e) => e instanceof TransactionNotFoundError)) return false;
      throw error;
    }
  }

  private signedKey(hash: Hash): string {
    return `${this.prefix}:relayer-signed:${hash}`;
  }

  private async withLock<T>(run: () => Promise<T>): Promise<T> {
    const key = `${this.prefix}:relayer-lock:${this.address}`;
    const token = randomUUID();
    while ((await this.redis.set(key, token, 'PX', LOCK_MS, 'NX')) !== 'OK') await new Promise((r) => setTimeout(r, 50));
    try {
      return await run();
    } finally {
      // Only our own lock: compare-and-delete in one step.
      await this.redis.eval("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end", 1, key, token);
    }
  }
}

function isNonceClash(error: unknown): boolean {
  if (error instanceof BaseError && error.walk((e) => e instanceof NonceTooLowError)) return true;
  const text = error instanceof Error ? error.message.toLowerCase() : '';
  return text.includes('nonce too low') || text.includes('replacement transaction underpriced') || text.includes('already known');
}
