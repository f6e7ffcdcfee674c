/**
 * The worker's followers: repeating turns that read what happened outside Gavel and move its records along.
 * - follow-chain-bids (CHAIN_FOLLOW_MS): new on-chain bids become outbid notices, prices and end times, and
 *   settle-withdrawals (every WITHDRAWALS_EVERY of those) checks reported withdrawals (chain/follower.ts);
 * - issue-chain-documents (every CHAIN_DOCUMENTS_EVERY follower turns): ETH lots a bidder's own wallet won and the
 *   contract settled get their invoice and statement (chain-documents.ts);
 * - sweep-relayed-bids (RELAYER_SWEEP_MS): the card bids the relayer placed, moved along from the indexer's
 *   view, and relay steps a lost job left undone queued again (relayer/relayer.ts); card mints' charges to give
 *   back are queued even when the relayer cannot send;
 * - follow-swaps (BITCOIN_FOLLOW_MS): BTC lots' swaps followed to their first confirmation (re-broadcast if
 *   lost), binding swaps' house outputs swept in a child that pays for a slow swap (bitcoin-settlement/house-sweep.ts),
 *   leading bids whose offers were spent elsewhere removed, and won lots watched until their swap: a spent
 *   winner made unpaid, a late seller reminded (bitcoin-settlement/swap.ts, btc-offer-watch.ts, bitcoin-settlement/win-watch.ts);
 * - fill-delivery-addresses (BITCOIN_FOLLOW_MS): BTC lots won by card that closed while their winner was linking
 *   an ordinals address get that address (bitcoin-settlement/inscription-delivery.ts);
 * - watch-inscriptions (INSCRIPTION_WATCH_MS): paid commits get their reveal, unpaid ones past their deadline
 *   expire, reveals are followed to their confirmation, least recently checked first (inscriptions/inscriptions.ts).
 * Each turn reads the database and the outside system afresh, so a lost turn costs only time and a doubled one
 * nothing.
 */
import type { Services } from '../services.ts';
import { chainFollowerTurns, WITHDRAWALS_EVERY } from '../chain/follower.ts';
import { followSwaps } from '../bitcoin-settlement/swap.ts';
import { followHouseSweeps } from '../bitcoin-settlement/house-sweep.ts';
import { removeSpentLeadingOffers } from '../bidding/btc-offer-watch.ts';
import { watchBitcoinWins } from '../bitcoin-settlement/win-watch.ts';
import { sweepDeliveryAddresses } from '../bitcoin-settlement/inscription-delivery.ts';
import { watchInscriptions } from '../inscriptions/inscriptions.ts';
import { CHAIN_DOCUMENTS_EVERY, issueChainSaleDocuments } from './chain-documents.ts';
import { JobQueue, type RunningWorker } from '../jobs/job-queue.ts';

export const FOLLOWERS_QUEUE = 'followers';

type FollowerJobs = Record<'follow-chain-bids' | 'settle-withdrawals' | 'issue-chain-documents' | 'sweep-relayed-bids' | 'follow-swaps' | 'fill-delivery-addresses' | 'watch-inscriptions', object>;

export async function startFollowers(services: Services): Promise<RunningWorker> {
  const { config, relayer } = services;
  const queue = new JobQueue<FollowerJobs>(FOLLOWERS_QUEUE, services.queues);
  const chain = chainFollowerTurns(services);
  const worker = await queue.work(
    {
      'follow-chain-bids': chain.followBids,
      'settle-withdrawals': chain.settleWithdrawals,
      'issue-chain-documents': () => issueChainSaleDocuments(services),
      'sweep-relayed-bids': async () => {
        await relayer.sweepCardMints();
        if (relayer.sends) await relayer.sweep();
      },
      'follow-swaps': async () => {
        await followSwaps(services);
        await followHouseSweeps(services);
        await removeSpentLeadingOffers(services);
        await watchBitcoinWins(services);
      },
      'fill-delivery-addresses': () => sweepDeliveryAddresses(services.db.prisma),
      'watch-inscriptions': () => watchInscriptions(services),
    },
    {
      // One slot per follower: a slow one (Esplora or the indexer not answering) holds up none of the others.
      concurrency: 7,
      every: {
        'follow-chain-bids': config.chain.followEveryMs,
        'settle-withdrawals': config.chain.followEveryMs * WITHDRAWALS_EVERY,
        'issue-chain-documents': config.chain.followEveryMs * CHAIN_DOCUMENTS_EVERY,
        'sweep-relayed-bids': config.relayer.sweepEveryMs,
        'follow-swaps': config.bitcoin.followEveryMs,
        'fill-delivery-addresses': config.bitcoin.followEveryMs,
        'watch-inscriptions': config.inscriptions.watchEveryMs,
      },
    },
  );
  return {
    reconcile: worker.reconcile,
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}
