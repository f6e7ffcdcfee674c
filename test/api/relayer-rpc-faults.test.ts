/**
 * The relayer with its Ethereum node failing under it (a fault proxy between the api and anvil; the indexer and the
 * test's own wallets reach anvil directly): a card bid whose broadcast the node took but whose answer was lost is
 * placed once, by the transaction the node has, and its hold stays; a node that stalls while a bid waits to be sent
 * leaves the bid queued with its hold, and it is placed once the node answers again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther } from 'viem';
import { gavelAuctionHouseAbi } from '@gavel/contracts';
import { chainActions, linkLot, startChainStack, type ChainStack } from '../support/chain.ts';
import { eventually } from '../support/eventually.ts';
import { signIn } from '../support/users.ts';
import { startRecordedStripe, userWithCard, type RecordedStripe } from '../support/card-payments.ts';
import { startFaultProxy, type FaultProxy } from '../support/faults/proxy.ts';

const RESERVE = parseEther('0.01');
let chain: ChainStack;
let act: ReturnType<typeof chainActions>;
let stripe: RecordedStripe;
let node: FaultProxy;

const call = (path: string, token: string, body: unknown) =>
  fetch(chain.api.url + path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as any,
  }));

beforeAll(async () => {
  stripe = await startRecordedStripe();
  chain = await startChainStack(
    'postgres',
    { ...stripe.env(), RELAYER_SWEEP_MS: '100', CHAIN_TIMEOUT_MS: '1000' },
    {
      apiRpc: async (anvilPort) => {
        node = await startFaultProxy('chain', { port: anvilPort });
        return `http://127.0.0.1:${node.port}`;
      },
    },
  );
  act = chainActions(chain);
}, 180_000);
afterAll(async () => {
  await chain?.stop();
  await node?.close();
  await stripe?.stop();
});

/** A live auction linked to a lot, and a bidder with a saved card. */
async function cardBidder() {
  const { auctionId, tokenId } = await act.startAuction({ reserveWei: RESERVE });
  const lot = await linkLot(chain, auctionId, tokenId, RESERVE);
  const user = await userWithCard(chain.api.db, stripe);
  return { auctionId, lot, user, token: await signIn(chain.api.url, user.email) };
}

/** The relayer's bids on `auctionId`, as the chain has them. */
async function relayerBids(auctionId: bigint) {
  const events = await chain.publicClient.getContractEvents({ address: chain.house, abi: gavelAuctionHouseAbi, eventName: 'AuctionBid', args: { auctionId }, fromBlock: 0n });
  return events.filter((e) => e.args.bidder!.toLowerCase() === chain.api.services.relayer.address);
}

describe('the relayer with its node failing', () => {
  it('places a bid whose broadcast answer was lost once, by the transaction the node took, and keeps its hold', async () => {
    const { auctionId, lot, user, token } = await cardBidder();
    // The node mines the bid (anvil mines at once) and its answer never comes back.
    node.inject({ kind: 'loseReply', after: 'eth_sendRawTransaction' });
    expect((await call(`/auctions/${lot.id}/bids`, token, { amount: '0.01', walletAddress: 'card_payment' })).status).toBe(201);
    const placed = await eventually(() => chain.api.db.prisma.relayedBid.findFirst({ where: { userId: user.id, lotId: lot.id } }), {
      until: (row) => row?.status === 'placed' || row?.status === 'failed',
      timeoutMs: 20_000,
      what: 'the relayed bid decided',
    });
    expect(placed).toMatchObject({ status: 'placed', holdStatus: 'authorized' });
    const onChain = await relayerBids(auctionId);
    expect(onChain).toHaveLength(1);
    expect(onChain[0]!.transactionHash).toBe(placed!.txHash);
    expect(onChain[0]!.args.amount).toBe(RESERVE);
  });

  it('leaves a bid queued with its hold while the node stalls, and places it once when the node answers again', async () => {
    const { auctionId, lot, user, token } = await cardBidder();
    // The bid is checked against the chain when it is taken; the node stalls right after, before the relayer sends.
    await chain.api.services.relayer.queue.bullmq.pause();
    try {
      expect((await call(`/auctions/${lot.id}/bids`, token, { amount: '0.01', walletAddress: 'card_payment' })).status).toBe(201);
      node.inject({ kind: 'blackhole' });
    } finally {
      await chain.api.services.relayer.queue.bullmq.resume();
    }
    // Stalled: the relayer's attempts time out (or its circuit opens), and nothing is given up meanwhile.
    await eventually(async () => chain.api.services.health.degradations.isDown('chain-rpc'), {
      until: (down) => down,
      timeoutMs: 15_000,
      what: 'the node’s outage recorded',
    });
    expect(await chain.api.db.prisma.relayedBid.findFirst({ where: { userId: user.id, lotId: lot.id } })).toMatchObject({ status: 'queued', holdStatus: 'authorized' });
    node.restore();
    const placed = await eventually(() => chain.api.db.prisma.relayedBid.findFirst({ where: { userId: user.id, lotId: lot.id } }), {
      until: (row) => row?.status === 'placed' || row?.status === 'failed',
      timeoutMs: 20_000,
      what: 'the relayed bid placed after the node’s return',
    });
    expect(placed).toMatchObject({ status: 'placed', holdStatus: 'authorized' });
    expect(await relayerBids(auctionId)).toHaveLength(1);
  });
});
