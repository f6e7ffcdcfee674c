/**
 * Balances for GET /wallet/balance/:address: ETH from the chain's RPC node, sats from Esplora (confirmed plus
 * mempool, what the wallet can spend now). Reads are cached briefly per address: the dapp polls every 30 s
 * from every open tab, and a balance a few seconds old is fine for display.
 */
import { formatAmount, type BitcoinNetworkName } from '@gavel/domain';
import type { z } from 'zod';
import type { walletBalanceSchema } from '@gavel/domain';
import type { PublicClient } from 'viem';

export type WalletBalance = z.infer<typeof walletBalanceSchema>;

/** Where Bitcoin balances come from (the Esplora client, or anything answering in sats). */
export interface BitcoinBalances {
  balance(address: string): Promise<{ total: number }>;
}

const CACHE_LIMIT = 10_000;

export class BalanceReader {
  private readonly cache = new Map<string, { at: number; value: WalletBalance }>();

  constructor(
    private readonly rpc: { client: Pick<PublicClient, 'getBalance'> },
    private readonly bitcoin: BitcoinBalances,
    readonly bitcoinNetwork: BitcoinNetworkName,
    private readonly cacheMs: number,
  ) {}

  async read(address: string, chain: 'evm' | 'bitcoin'): Promise<WalletBalance> {
    const key = chain === 'evm' ? address.toLowerCase() : address;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < this.cacheMs) return hit.value;
    const value = chain === 'evm' ? await this.ether(address) : await this.sats(address);
    this.cache.delete(key);
    this.cache.set(key, { at: Date.now(), value });
    if (this.cache.size > CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value as string);
    return value;
  }

  private async ether(address: string): Promise<WalletBalance> {
    const wei = await this.rpc.client.getBalance({ address: address as `0x${string}` });
    return { address, chain: 'evm', balance: formatAmount(wei, 'ETH'), unit: 'ETH', raw: wei.toString(), fetchedAt: new Date().toISOString() };
  }

  private async sats(address: string): Promise<WalletBalance> {
    const { total } = await this.bitcoin.balance(address);
    return { address, chain: 'bitcoin', balance: String(total), unit: 'sats', raw: String(total), fetchedAt: new Date().toISOString() };
  }
}
