/**
 * The stand-in's mempool policy, as Bitcoin Core's: which transactions a replacement evicts (BIP125, opt-in: each
 * transaction it conflicts with must signal), and which packages a block takes (ancestor-feerate selection, the
 * way Core's block assembler lets a child pay for its parent).
 */
import type * as bitcoin from 'bitcoinjs-lib';
import { rpc } from './errors.ts';
import { key, txidOf } from './verify.ts';

/** What the policy reads of the stand-in's chain (chain.ts), which calls it. */
export interface MempoolState {
  readonly txs: ReadonlyMap<string, { txid: string; tx: bitcoin.Transaction; fee: number; coinbase: boolean; status: { confirmed: boolean } }>;
  readonly spends: ReadonlyMap<string, { txid: string }>;
  readonly mempool: readonly string[];
  readonly minRelayFeeRate: number;
  readonly blockMinFeeRate: number;
}

/** BIP125: an input with nSequence below this signals that its transaction may be replaced. */
const MAX_REPLACEABLE_SEQUENCE = 0xfffffffd;

/**
 * What accepting `txid` (paying `fee` at `vsize`) evicts: the mempool transactions it conflicts with and their
 * descendants, descendants first. Refused unless each conflict signals replaceability (else the conflict is a
 * double spend, -26 txn-mempool-conflict), the replacement's feerate beats each conflict's (rule 6) and its fee
 * pays for everything it evicts plus its own relay at the minimum feerate (rules 3 and 4).
 */
export function replacedBy(chain: MempoolState, txid: string, conflicts: Set<string>, fee: number, vsize: number): string[] {
  const evicted: string[] = [];
  const visit = (id: string) => {
    if (evicted.includes(id)) return;
    chain.txs.get(id)!.tx.outs.forEach((_, vout) => {
      const spender = chain.spends.get(key(id, vout));
      if (spender) visit(spender.txid);
    });
    evicted.push(id);
  };
  for (const conflict of conflicts) {
    const stored = chain.txs.get(conflict)!;
    if (!stored.tx.ins.some((input) => input.sequence <= MAX_REPLACEABLE_SEQUENCE)) throw rpc.mempoolConflict();
    if (fee / vsize <= stored.fee / stored.tx.virtualSize())
      throw rpc.replacementFee(txid, `new feerate ${(fee / vsize).toFixed(2)} <= old feerate ${(stored.fee / stored.tx.virtualSize()).toFixed(2)} sat/vB`);
    visit(conflict);
  }
  const evictedFees = evicted.reduce((sum, id) => sum + chain.txs.get(id)!.fee, 0);
  if (fee < evictedFees + Math.ceil(vsize * chain.minRelayFeeRate))
    throw rpc.replacementFee(txid, `not enough additional fees to relay; ${fee - evictedFees} < ${Math.ceil(vsize * chain.minRelayFeeRate)}`);
  return evicted;
}

/**
 * The next block's transactions, parents before children: the whole mempool when `blockMinFeeRate` is 0; else, as
 * Core's block assembler, the package (a transaction with its ancestors not yet taken) of the highest feerate, again
 * and again while the best reaches `blockMinFeeRate`. The faucet's coinbase-shaped transactions are always taken.
 */
export function blockTemplate(chain: MempoolState): string[] {
  if (chain.blockMinFeeRate <= 0) return [...chain.mempool];
  const taken = new Set(chain.mempool.filter((txid) => chain.txs.get(txid)!.coinbase));
  const ancestorsOf = (txid: string, into: Set<string>) => {
    if (taken.has(txid) || into.has(txid)) return;
    into.add(txid);
    for (const input of chain.txs.get(txid)!.tx.ins) {
      const parent = chain.txs.get(txidOf(input.hash));
      if (parent && !parent.status.confirmed) ancestorsOf(parent.txid, into);
    }
  };
  for (;;) {
    let best: { txids: Set<string>; rate: number } | null = null;
    for (const txid of chain.mempool) {
      if (taken.has(txid)) continue;
      const txids = new Set<string>();
      ancestorsOf(txid, txids);
      let fee = 0;
      let vsize = 0;
      for (const id of txids) {
        fee += chain.txs.get(id)!.fee;
        vsize += chain.txs.get(id)!.tx.virtualSize();
      }
      const rate = fee / vsize;
      if (rate >= chain.blockMinFeeRate && (!best || rate > best.rate)) best = { txids, rate };
    }
    if (!best) break;
    for (const id of best.txids) taken.add(id);
  }
  // The mempool's order is the order of acceptance: parents always before their children.
  return chain.mempool.filter((txid) => taken.has(txid));
}
