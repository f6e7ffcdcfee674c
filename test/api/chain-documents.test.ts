/**
 * Documents of ETH lots sold on chain (anvil + contracts + Ponder on PGlite + api with its worker): an auction won by
 * a bidder's own wallet and settled by the contract gets, from the worker's sweep, one invoice of the contract's
 * figures (the bid, the premium it carried) and one statement whose commission is the contract's fee, to the user
 * who linked the wallet (to nobody when no one did); another sweep, or two at once, issue nothing more, and the
 * year's numbers stay without gaps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther } from 'viem';
import { gavelAuctionHouseAbi } from '@gavel/contracts';
import { formatAmount } from '@gavel/domain';
import { issueChainSaleDocuments } from '../../api/src/worker/chain-documents.ts';
import { salesSettledAfterBlock } from '../../api/src/chain/reads.ts';
import { chainActions, linkLot, linkWallet, startChainStack, type ChainStack } from '../support/chain.ts';
import { eventually } from '../support/eventually.ts';
import { createUser, signIn } from '../support/users.ts';

const RESERVE = parseEther('0.01');
/** 2 more than a multiple of 4: a quarter of it ends in half a wei, which the contract rounds up. */
const AMOUNT = RESERVE + 6n;
const PREMIUM_BPS = 2500;
let chain: ChainStack;
let act: ReturnType<typeof chainActions>;
let feeBps: bigint;

const get = (token: string, path: string) => fetch(chain.api.url + path, { headers: { authorization: `Bearer ${token}` } }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
const eth = (wei: bigint) => formatAmount(wei, 'ETH');

beforeAll(async () => {
  chain = await startChainStack('postgres');
  act = chainActions(chain);
  // The premium is fixed per auction at its creation: set before any auction here is created.
  await act.setPremium(PREMIUM_BPS);
  feeBps = BigInt(await chain.publicClient.readContract({ address: chain.house, abi: gavelAuctionHouseAbi, functionName: 'feeBps' }));
}, 180_000);
afterAll(() => chain?.stop());

/** An on-chain lot of `sellerId`, won by anvil account `bidder` at AMOUNT and ended on chain, once the indexer has the settlement. */
async function soldOnChain(bidder: number, sellerId: string) {
  const { auctionId, tokenId } = await act.startAuction({ reserveWei: RESERVE });
  const lot = await chain.api.db.prisma.lot.update({ where: { id: (await linkLot(chain, auctionId, tokenId, RESERVE)).id }, data: { creatorId: sellerId } });
  await act.bid(bidder, auctionId, AMOUNT);
  await act.increaseTime(3601);
  await act.end(auctionId);
  // The sweep reads the settlement table: wait for the row there (the indexer may show the auction settled a moment
  // before its settlement row can be read).
  await eventually(() => salesSettledAfterBlock(chain.api.services.chain.ponder, 0, 500), {
    until: (sales) => sales.some((sale) => sale.auction_id === auctionId.toString()),
    what: 'the settlement indexed',
  });
  return lot;
}

const documentsOf = async (lotId: string) => ({
  invoices: await chain.api.db.prisma.invoice.findMany({ where: { lotId } }),
  statements: await chain.api.db.prisma.sellerStatement.findMany({ where: { lotId } }),
});

describe('documents of a lot sold on chain', () => {
  it('issues the winning wallet’s owner one invoice of the contract’s figures and the seller one statement, once', async () => {
    const seller = await createUser(chain.api.db, 'seller');
    const buyer = await createUser(chain.api.db, 'ready');
    await linkWallet(chain, buyer.id, act.address(3));
    const lot = await soldOnChain(3, seller.id);
    // Two sweeps at once, racing the worker's own: the lot gets one invoice and one statement, whichever issues them.
    const swept = await Promise.all([issueChainSaleDocuments(chain.api.services), issueChainSaleDocuments(chain.api.services)]);
    expect(swept[0] + swept[1]).toBeLessThanOrEqual(1);
    const { invoices, statements } = await documentsOf(lot.id);
    expect(invoices).toHaveLength(1);
    expect(statements).toHaveLength(1);
    const invoice = invoices[0]!;

    const premium = AMOUNT / 4n + 1n;
    const fee = (AMOUNT * feeBps) / 10_000n;
    expect(fee).toBeGreaterThan(0n);
    const buyerToken = await signIn(chain.api.url, buyer.email);
    const mine = await get(buyerToken, '/me/invoices');
    expect(mine.body.data).toEqual([expect.objectContaining({ _id: invoice.id, lotId: lot.id })]);
    const shown = await get(buyerToken, `/invoices/${invoice.id}`);
    expect(shown.body.data).toMatchObject({ unit: 'ETH', hammer: eth(AMOUNT), premium: eth(premium), tax: eth(0n), fees: eth(0n), total: eth(AMOUNT + premium), paid: true, voidedAt: null });

    // The contract's fee is the seller's commission; it paid the seller the rest at the settlement.
    const sellerToken = await signIn(chain.api.url, seller.email);
    expect((await get(sellerToken, '/me/statements')).body.data).toEqual([
      expect.objectContaining({ _id: statements[0]!.id, lotId: lot.id, hammer: eth(AMOUNT), commission: eth(fee), fees: eth(0n), net: eth(AMOUNT - fee), buyerPaid: true }),
    ]);
    expect((await get(sellerToken, `/statements/${statements[0]!.id}`)).body.data.paidOutAt).not.toBeNull();
    // Neither document is the other party's.
    expect((await get(sellerToken, `/invoices/${invoice.id}`)).status).toBe(404);

    // With the sweep's cursor forgotten (a Redis that lost its data), two passes at once read the settlement again.
    await chain.api.services.redis.del(`${chain.api.services.config.redisPrefix}:chain:settlement-cursor`);
    expect(await Promise.all([issueChainSaleDocuments(chain.api.services), issueChainSaleDocuments(chain.api.services)])).toEqual([0, 0]);
    expect(await documentsOf(lot.id)).toEqual({ invoices, statements });
    await expectGaplessNumbers(invoice.year);
  });

  it('issues the invoice of a wallet nobody linked without a buyer, seen by admins only', async () => {
    const seller = await createUser(chain.api.db, 'seller');
    const lot = await soldOnChain(4, seller.id);
    // The worker's sweep issues them.
    const { invoices, statements } = await eventually(() => documentsOf(lot.id), { until: (docs) => docs.invoices.length > 0, what: 'the invoice of the lot sold on chain' });
    expect(invoices).toHaveLength(1);
    const invoice = invoices[0]!;
    expect(invoice).toMatchObject({ buyerId: null, unit: 'ETH' });
    expect(invoice.total.toFixed(0)).toBe((AMOUNT + AMOUNT / 4n + 1n).toString());
    expect(statements.map((s) => s.sellerId)).toEqual([seller.id]);
    const adminToken = await signIn(chain.api.url, (await createUser(chain.api.db, 'admin')).email);
    expect((await get(adminToken, `/invoices/${invoice.id}`)).body.data).toMatchObject({ number: invoice.number, buyerName: null, paid: true });
    await expectGaplessNumbers(invoice.year);
  });
});

/** The year's invoices and statements are numbered 1..n, and each counter stands at its n. */
async function expectGaplessNumbers(year: number) {
  const { prisma } = chain.api.db;
  for (const [kind, rows] of [
    ['invoice', await prisma.invoice.findMany({ where: { year }, select: { seq: true }, orderBy: { seq: 'asc' } })],
    ['statement', await prisma.sellerStatement.findMany({ where: { year }, select: { seq: true }, orderBy: { seq: 'asc' } })],
  ] as const) {
    expect(rows.map((row) => row.seq)).toEqual(rows.map((_, i) => i + 1));
    expect((await prisma.documentCounter.findUnique({ where: { kind_year: { kind, year } } }))?.last).toBe(rows.length);
  }
}
