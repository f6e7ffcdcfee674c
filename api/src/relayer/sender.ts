/**
 * Sends the relayer's transactions one sequence at a time. Every transaction takes its nonce from the
 * account's `pending` transaction count under a Redis lock held until the node has it, so two workers (or two
 * api processes) never pick the same nonce; a "nonce too low" or "replacement underpriced" answer (another
 * sender got there first, or a stuck transaction) is retried with a fresh nonce.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { BaseError, createWalletClient, http, NonceTooLowError, type Abi, type Address, type Hash, type PublicClient, type TransactionReceipt } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

const LOCK_MS = 30_000;
const NONCE_RETRIES = 5;

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
  ) {
    this.account = privateKeyToAccount(privateKey);
    this.wallet = createWalletClient({ account: this.account, transport: http(rpcUrl, { retryCount: 0 }) });
  }

  get address(): string {
    return this.account.address.toLowerCase();
  }

  /** Sends `write` with the next nonce; `onSent` records the hash before anything else can fail. */
  async send(write: ContractWrite, onSent: (hash: Hash, nonce: number) => Promise<void>): Promise<Hash> {
    for (let attempt = 0; ; attempt++) {
      const hash = await this.withLock(async () => {
        const nonce = await this.client.getTransactionCount({ address: this.account.address, blockTag: 'pending' });
        try {
          // chain null: the node's chain id is used (the api serves one chain; ChainService checks its contracts).
          const sent = await this.wallet.writeContract({ ...write, nonce, chain: null, account: this.account } as Parameters<typeof this.wallet.writeContract>[0]);
          await onSent(sent, nonce);
          return sent;
        } catch (error) {
          if (attempt < NONCE_RETRIES && isNonceClash(error)) return null;
          throw error;
        }
      });
      if (hash) return hash;
    }
  }

  wait(hash: Hash): Promise<TransactionReceipt> {
    return this.client.waitForTransactionReceipt({ hash, timeout: 120_000 });
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
