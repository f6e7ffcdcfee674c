/**
 * The relayer's work for card bids on on-chain lots, as BullMQ jobs on the `relayer` queue (one job id per
 * bid and step, so a re-queued step runs once; every handler acts only from the status it expects, so a step
 * that runs twice does nothing the second time):
 * - relay-bid: sends `bid(auctionId, amount)` with the amount as value; mined -> placed (and a ChainBid row
 *   for the user, walletAddress card_payment); reverted (outbid or closed meanwhile) -> failed, hold released,
 *   and the bidder told as if outbid.
 * - relay-step: the same for the next step of a card maximum, queued once per outbid step (its job id names the
 *   auction and the outbid step, whoever queues it; proxy-steps.ts decides the step).
 * - relay-refund: an outbid relayed bid: withdraws the relayer's pendingReturns (one withdrawal may cover
 *   several outbid bids), then releases the hold -> refunded.
 * - relay-deliver: a won relayed bid: captures the hold, then sends the NFT (the auction settled it to the
 *   relayer) to the user's linked EVM wallet -> delivered, or keeps it -> custody until they link one. A win the
 *   card did not pay stays in custody until the winner pays it from the cart (unpaid-wins.ts).
 * - relay-mint: GavelNFT `cardMint` for a card buyer (the request that pays for it is card-mint.ts); a mint
 *   that reverts is refunded, and so is a charge the buyer was not told succeeded.
 * The sweep (a turn of the worker's followers, worker/followers.ts) moves bids along from the indexer's view and
 * re-queues lost steps.
 */
import { gavelAuctionHouseAbi, gavelNftAbi } from '@gavel/contracts';
import { parseEventLogs, type Address, type Hash } from 'viem';
import { tellOutbid } from '../notifications/outbid-notifier.ts';
import type { CardMint, RelayedBid } from '../generated/prisma/client.ts';
import { cancelIntent, captureIntent, refundIntent } from '../payments/intents.ts';
import { JobQueue, type RunningWorker } from '../jobs/job-queue.ts';
import { IndexerUnavailable } from '../chain/ponder.ts';
import { outbidBidTxs } from '../chain/reads.ts';
import { RelayerSender } from './sender.ts';
import type { RelayerServices } from './relayer-services.ts';
import { answerOutbid, maximumOf, repriceStep } from './proxy-steps.ts';
import { chargeOf, keepUnpaid, markDelivered, paidRecipients, recordPaidWin } from './unpaid-wins.ts';

export const RELAYER_QUEUE = 'relayer';
/**
 * A card mint still charging this long after it was recorded has no request waiting on it any more (Stripe's
 * calls time out in 20 s, retried twice): its charge, if made, is given back.
 */
const CHARGE_ABANDONED_MS = 5 * 60_000;
type Step = 'relay-bid' | 'relay-step' | 'relay-refund' | 'relay-deliver' | 'relay-mint';

export class Relayer {
  readonly queue: JobQueue<Record<Step, { id: string }>>;
  readonly sender: RelayerSender | null;

  constructor(private readonly services: RelayerServices) {
    const { config, redis, chain } = services;
    // Finished jobs are removed so that the sweep can queue a step again under the same id (custody -> deliver).
    this.queue = new JobQueue(RELAYER_QUEUE, services.queues, { removeFinished: true });
    this.sender = config.relayer.privateKey ? new RelayerSender(config.relayer.privateKey, config.chain.rpcUrl, chain.rpc.client, redis, config.redisPrefix, config.chain.timeoutMs) : null;
  }

  /** The relayer's address, lower case: known to an api process from RELAYER_ADDRESS, to the worker from its key. */
  get address(): string | null {
    return this.sender?.address ?? this.services.config.relayer.address?.toLowerCase() ?? null;
  }

  /** Card bids on on-chain lots are taken: the relayer is known and there is an auction house for it to bid on. */
  get enabled(): boolean {
    return this.address !== null && this.services.chain.auctionHouse !== null;
  }

  /** This process sends the relayer's transactions: it holds the key (it runs the worker) and the auction house is known. */
  get sends(): boolean {
    return this.sender !== null && this.services.chain.auctionHouse !== null;
  }

  /** Whether this process can make card mints: they need the relayer's key and the NFT contract, not the auction house. */
  private get canMint(): boolean {
    return this.sender !== null && this.services.chain.nft !== null;
  }

  /** `id`: the RelayedBid's, or the CardMint's for relay-mint. */
  enqueue(step: Step, id: string): Promise<void> {
    return this.queue.add(step, { id }, { jobId: `${step}-${id}` });
  }

  /**
   * Queues a relayed bid to be sent: a card maximum's next step under one id per auction and outbid step, whether
   * the answer or the sweep queues it, so two workers never both send it.
   */
  private queueBid(row: RelayedBid): Promise<void> {
    if (row.stepOf === null) return this.enqueue('relay-bid', row.id);
    return this.queue.add('relay-step', { id: row.id }, { jobId: `relay-step-${row.auctionId.toFixed(0)}-${row.stepOf}` });
  }

  close(): Promise<void> {
    return this.queue.close();
  }

  /** The worker half. One step at a time per process: the sender's lock serialises processes, this keeps one sequence here. */
  startWorker(): Promise<RunningWorker> {
    const step =
      (name: Step) =>
      ({ id }: { id: string }) =>
        this.run(name, id);
    return this.queue.work(
      { 'relay-bid': step('relay-bid'), 'relay-step': step('relay-step'), 'relay-refund': step('relay-refund'), 'relay-deliver': step('relay-deliver'), 'relay-mint': step('relay-mint') },
      { concurrency: 1 },
    );
  }

  private async run(step: Step, id: string): Promise<void> {
    if (step === 'relay-mint') return this.mint(id);
    const row = await this.services.db.prisma.relayedBid.findUnique({ where: { id } });
    if (!row || !this.sender) return;
    if (step === 'relay-bid' || step === 'relay-step') return this.placeBid(row, this.sender);
    if (step === 'relay-refund') return this.refund(row, this.sender);
    return this.deliver(row, this.sender);
  }

  /**
   * relay-mint: sends cardMint once (a retry waits for the recorded transaction) and records the token. A mint the
   * chain will not make, refused before it is sent (the relayer no longer the minter) or reverted once mined, is
   * refunded: the buyer paid for a token they did not get. Giving a charge back needs only Stripe, so it goes on
   * in a process that cannot mint; a paid mint waits for one that can.
   */
  private async mint(id: string): Promise<void> {
    const { db, chain } = this.services;
    const { sender } = this;
    const row = await db.prisma.cardMint.findUnique({ where: { id } });
    if (row?.status === 'charging' || row?.status === 'refunding') return this.giveBackCharge(row);
    if (row?.status !== 'queued' || !sender || !this.canMint) return;
    const hash =
      (row.txHash as Hash | null) ??
      (await sender
        .send(
          { address: chain.nft as Address, abi: gavelNftAbi, functionName: 'cardMint', args: [row.toAddress as Address, row.metadataUrl] },
          async (sent) => void (await db.prisma.cardMint.update({ where: { id }, data: { txHash: sent } })),
        )
        .catch(async (error: Error) => {
          if (!/revert/i.test(error.message)) throw error;
          await this.refundMint(row, 'the contract refused the mint');
          return null;
        }));
    if (!hash) return;
    const receipt = await sender.wait(hash);
    const minted = receipt.status === 'success' ? parseEventLogs({ abi: gavelNftAbi, eventName: 'Minted', logs: receipt.logs })[0] : undefined;
    if (!minted) return this.refundMint(row, 'the mint transaction reverted');
    await db.prisma.cardMint.updateMany({ where: { id, status: 'queued' }, data: { status: 'minted', tokenId: minted.args.tokenId.toString() } });
  }

  /**
   * A mint that will not be made gives back what its charge took: refunding (the request answered an error, or the
   * chain refused the mint), or charging long after its request is over (it crashed), claimed first so that a
   * request still waiting for Stripe cannot queue it. An intent never confirmed is cancelled (nothing was taken),
   * one that took the money is refunded (a refund made twice is refused by Stripe and read as done).
   */
  private async giveBackCharge(row: CardMint): Promise<void> {
    const { db, payments } = this.services;
    if (row.status === 'charging') {
      const { count } = await db.prisma.cardMint.updateMany({ where: { id: row.id, status: 'charging' }, data: { status: 'refunding', error: 'the charge was abandoned' } });
      if (count !== 1) return;
    }
    const status = await cancelIntent(payments.stripe, row.paymentIntentId);
    if (status === 'succeeded') await refundIntent(payments.stripe, row.paymentIntentId);
    // Anything else (processing) may still take the money: the job fails and the sweep tries again.
    else if (status !== 'canceled') throw new Error(`card mint ${row.id}: its charge is ${status}, neither taken nor cancelled`);
    await db.prisma.cardMint.updateMany({ where: { id: row.id, status: 'refunding' }, data: { status: 'failed' } });
  }

  /**
   * A paid mint the chain would not make: marked refunding with the reason first, so that if the refund fails (or
   * the process stops) the sweep finds it and gives the money back the one way every unmade mint's is.
   */
  private async refundMint(row: CardMint, reason: string): Promise<void> {
    await this.services.db.prisma.cardMint.updateMany({ where: { id: row.id, status: 'queued' }, data: { status: 'refunding', error: reason } });
    await this.giveBackCharge({ ...row, status: 'refunding' });
  }

  private async placeBid(queued: RelayedBid, sender: RelayerSender): Promise<void> {
    if (queued.status !== 'queued') return;
    const { db, chain } = this.services;
    const row = await repriceStep(this.services, queued);
    if (!row) return this.fail(queued, 'the minimum next bid is above the maximum', true);
    const amount = BigInt(row.amount.toFixed(0));
    const auction = { address: chain.auctionHouse as Address, abi: gavelAuctionHouseAbi } as const;
    const args = [BigInt(row.auctionId.toFixed(0)), amount] as const;
    const hash =
      (row.txHash as Hash | null) ??
      (await chain.rpc.client
        // The value carries the buyer's premium on top of the amount, as the contract works it out for this auction.
        .readContract({ ...auction, functionName: 'bidValue', args })
        .then((value) =>
          sender.send({ ...auction, functionName: 'bid', args, value }, async (sent, nonce) => void (await db.prisma.relayedBid.update({ where: { id: row.id }, data: { txHash: sent, nonce } }))),
        )
        .catch(async (error: Error) => {
          // The node refused it outright (a simulation revert: outbid or closed since the check): no bid, no hold.
          if (/revert/i.test(error.message)) {
            await this.fail(row, error.message.slice(0, 500));
            return null;
          }
          throw error;
        }));
    if (!hash) return;
    const receipt = await sender.wait(hash);
    if (receipt.status !== 'success') return this.fail(row, 'the bid transaction reverted');
    const event = parseEventLogs({ abi: gavelAuctionHouseAbi, eventName: 'AuctionBid', logs: receipt.logs })[0];
    if (!event) return this.fail(row, 'the bid transaction placed no bid');
    await db.prisma.$transaction([
      db.prisma.relayedBid.updateMany({ where: { id: row.id, status: 'queued' }, data: { status: 'placed' } }),
      db.prisma.chainBid.upsert({
        where: { txHash_logIndex: { txHash: hash.toLowerCase(), logIndex: event.logIndex } },
        create: {
          txHash: hash.toLowerCase(),
          logIndex: event.logIndex,
          lotId: row.lotId,
          userId: row.userId,
          auctionId: row.auctionId,
          bidder: sender.address,
          walletAddress: 'card_payment',
          amount: row.amount,
          blockNumber: Number(receipt.blockNumber),
        },
        update: {},
      }),
    ]);
  }

  /** `exceeded`: a card maximum's next step, which the minimum next bid outgrew before it was sent. */
  private async fail(row: RelayedBid, reason: string, exceeded = false): Promise<void> {
    const { db, chain, log } = this.services;
    await this.releaseHold(row);
    const { count } = await db.prisma.relayedBid.updateMany({ where: { id: row.id, status: 'queued' }, data: { status: 'failed', error: reason } });
    if (count !== 1) return;
    // The bidder got a 201 for this bid. When the chain refused it because another bid at least as high came
    // first, that is being outbid for them, so they hear it the same way, once, with the bid that stands now.
    const auction = await chain.rpc.client
      .readContract({ address: chain.auctionHouse as Address, abi: gavelAuctionHouseAbi, functionName: 'getAuction', args: [BigInt(row.auctionId.toFixed(0))], blockTag: 'pending' })
      .catch((error: Error) => void log.warn({ relayedBidId: row.id, err: error.message }, 'could not read the auction of a failed relayed bid'));
    // A card maximum's step answers an outbid: its bidder was outbid, whatever kept the step off the chain, and
    // what they last had there is the step it answered.
    const answered = row.stepOf ? await db.prisma.relayedBid.findUnique({ where: { id: row.stepOf } }) : null;
    const shown = answered ?? row;
    const beaten = auction && auction.highestBid >= BigInt(shown.amount.toFixed(0)) && (answered !== null || auction.highestBidder.toLowerCase() !== this.sender?.address);
    if (beaten) await this.tellOutbid(shown, auction.highestBid, exceeded);
    else log.warn({ relayedBidId: row.id, reason }, 'a relayed card bid failed on chain without being outbid; its hold was released');
  }

  private async refund(row: RelayedBid, sender: RelayerSender): Promise<void> {
    if (row.status !== 'outbid') return;
    const { db, chain } = this.services;
    const house = { address: chain.auctionHouse as Address, abi: gavelAuctionHouseAbi } as const;
    const pending = await chain.rpc.client.readContract({ ...house, functionName: 'pendingReturns', args: [sender.account.address] });
    // Zero: an earlier withdrawal (for another outbid bid) already took this bid's refund too.
    if (pending > 0n) {
      const hash = await sender.send({ ...house, functionName: 'withdraw' }, async (sent) => void (await db.prisma.relayedBid.update({ where: { id: row.id }, data: { refundTxHash: sent } })));
      const receipt = await sender.wait(hash);
      if (receipt.status !== 'success') throw new Error(`withdraw ${hash} reverted`);
    }
    await this.releaseHold(row);
    await db.prisma.relayedBid.updateMany({ where: { id: row.id, status: 'outbid' }, data: { status: 'refunded' } });
  }

  private async deliver(row: RelayedBid, sender: RelayerSender): Promise<void> {
    if (row.status !== 'won' && row.status !== 'custody') return;
    const { db, chain, payments, log } = this.services;
    let holdStatus = row.holdStatus;
    if (row.status === 'won' && holdStatus === 'authorized') {
      const status = await captureIntent(payments.stripe, row.paymentIntentId, await chargeOf(this.services, row));
      if (status !== 'succeeded') log.error({ relayedBidId: row.id, status }, 'the winning card hold could not be captured');
      holdStatus = status === 'succeeded' ? 'captured' : 'failed';
      await db.prisma.relayedBid.update({ where: { id: row.id }, data: { holdStatus } });
    }
    if (holdStatus === 'captured') await recordPaidWin(db.prisma, row);
    // The relayer paid the seller on chain when the auction settled: an NFT handed over before its win is paid is
    // the platform's loss. Until it is paid it stays with the relayer, whatever wallet the winner links.
    const recipient = (await paidRecipients(db, [{ ...row, holdStatus }])).get(row.id);
    if (!recipient) return keepUnpaid(this.services, row);
    const wallet = await db.prisma.wallet.findFirst({ where: { userId: recipient, type: 'evm', isConnected: true }, orderBy: { connectedAt: 'desc' } });
    if (!wallet) {
      await db.prisma.relayedBid.updateMany({ where: { id: row.id, status: 'won' }, data: { status: 'custody' } });
      return;
    }
    const { rows } = await chain.auctionStates([row.auctionId.toFixed(0)]);
    const auction = rows.get(row.auctionId.toFixed(0));
    if (!auction) throw new Error(`auction ${row.auctionId.toFixed(0)} is not indexed`);
    const nft = { address: auction.nft as Address, abi: gavelNftAbi } as const;
    const tokenId = BigInt(auction.nft_id);
    const to = wallet.address.toLowerCase();
    const owner = (await chain.rpc.client.readContract({ ...nft, functionName: 'ownerOf', args: [tokenId] })).toLowerCase();
    let txHash = row.deliveryTxHash;
    if (owner === sender.address) {
      const hash = await sender.send(
        { ...nft, functionName: 'safeTransferFrom', args: [sender.account.address, wallet.address as Address, tokenId] },
        async (sent) => void (await db.prisma.relayedBid.update({ where: { id: row.id }, data: { deliveryTxHash: sent } })),
      );
      const receipt = await sender.wait(hash);
      if (receipt.status !== 'success') throw new Error(`NFT transfer ${hash} reverted`);
      txHash = hash;
    } else if (owner !== to) {
      throw new Error(`token ${tokenId} is held by ${owner}, not the relayer`);
    }
    await markDelivered(db.prisma, row, { userId: recipient, address: to, txHash });
  }

  private async releaseHold(row: RelayedBid): Promise<void> {
    if (row.holdStatus !== 'authorized') return;
    const status = await cancelIntent(this.services.payments.stripe, row.paymentIntentId);
    await this.services.db.prisma.relayedBid.update({ where: { id: row.id }, data: { holdStatus: status === 'canceled' ? 'released' : 'failed' } });
  }

  /** `exceeded`: a card maximum no step can answer any more; its bidder reads it in their own notice. */
  private async tellOutbid(row: RelayedBid, current: bigint, exceeded = false): Promise<void> {
    const lot = await this.services.db.prisma.lot.findUnique({ where: { id: row.lotId }, select: { id: true, title: true, auctionEventId: true } });
    if (!lot) return;
    const maximum = exceeded ? maximumOf(row) : null;
    await tellOutbid(this.services, { userId: row.userId, bidId: row.id, lot, unit: 'ETH', bidAmount: BigInt(row.amount.toFixed(0)), currentAmount: current, ...(maximum !== null && { maximum }) });
  }

  /**
   * A placed step of a card maximum, outbid on chain: the next step queued (true), or false when none answers
   * (the caller then settles it as any outbid relayed bid). An unreadable chain leaves it placed for the next sweep.
   */
  private async stepAfterOutbid(row: RelayedBid): Promise<{ answered: boolean; exceeded: boolean }> {
    const answer = await answerOutbid(this.services, row).catch((error: Error) => {
      this.services.log.warn({ relayedBidId: row.id, err: error.message }, 'could not read the auction to answer an outbid card maximum; the sweep retries');
      return null;
    });
    if (!answer) return { answered: true, exceeded: false };
    if (answer.kind !== 'stepped') return { answered: false, exceeded: answer.kind === 'exceeded' };
    await this.queueBid(answer.next);
    await this.enqueue('relay-refund', row.id);
    return { answered: true, exceeded: false };
  }

  /**
   * Re-queues the card mints a lost job would leave undone. Runs whether or not the relayer can send: charges to give
   * back need only Stripe (a key removed, or a chain gone, must not keep a buyer's money); a paid mint waits for a
   * process that can make it.
   */
  async sweepCardMints(): Promise<void> {
    const abandoned = new Date(Date.now() - CHARGE_ABANDONED_MS);
    const mints = await this.services.db.prisma.cardMint.findMany({
      where: { OR: [{ status: { in: this.canMint ? ['queued', 'refunding'] : ['refunding'] } }, { status: 'charging', updatedAt: { lt: abandoned } }] },
      select: { id: true },
      // The longest waiting first, so a backlog of mints cannot keep a refund out of every turn.
      orderBy: { updatedAt: 'asc' },
      take: 100,
    });
    for (const mint of mints) await this.enqueue('relay-mint', mint.id);
  }

  /** Moves relayed bids along from the indexer's view, and re-queues steps a lost job would leave undone. */
  async sweep(): Promise<void> {
    const { db, chain } = this.services;
    const open = await db.prisma.relayedBid.findMany({ where: { status: { in: ['queued', 'placed', 'outbid', 'won', 'custody'] } }, take: 500, orderBy: { createdAt: 'asc' } });
    if (open.length === 0) return;
    const placed = open.filter((row) => row.status === 'placed' && row.txHash);
    const outbidTx = await outbidBidTxs(
      chain.ponder,
      placed.map((row) => row.txHash!.toLowerCase()),
    ).catch((error: unknown) => (error instanceof IndexerUnavailable ? new Set<string>() : Promise.reject(error)));
    const { rows: auctions } = await chain.auctionStates([...new Set(placed.map((row) => row.auctionId.toFixed(0)))]);
    const recipients = await paidRecipients(
      db,
      open.filter((r) => r.status === 'custody'),
    );
    const customers = new Set(
      (await db.prisma.wallet.findMany({ where: { userId: { in: [...new Set(recipients.values())] }, type: 'evm', isConnected: true }, select: { userId: true } })).map((w) => w.userId),
    );
    for (const row of open) {
      if (row.status === 'queued') await this.queueBid(row);
      else if (row.status === 'outbid') await this.enqueue('relay-refund', row.id);
      // Custody waits for its win paid and a wallet of whoever it goes to.
      else if (row.status === 'won' || (row.status === 'custody' && customers.has(recipients.get(row.id) ?? ''))) await this.enqueue('relay-deliver', row.id);
      else if (row.status === 'placed') {
        const auction = auctions.get(row.auctionId.toFixed(0));
        if (outbidTx.has(row.txHash!.toLowerCase())) {
          const { answered, exceeded } = row.maximum === null ? { answered: false, exceeded: false } : await this.stepAfterOutbid(row);
          if (answered) continue;
          const { count } = await db.prisma.relayedBid.updateMany({ where: { id: row.id, status: 'placed' }, data: { status: 'outbid' } });
          await this.enqueue('relay-refund', row.id);
          // The chain follower tells linked wallets; a card bidder's bid is the relayer's, so the notice (event and mail) is sent here, once.
          if (count === 1 && auction) await this.tellOutbid(row, BigInt(auction.highest_bid), exceeded);
        } else if (auction?.status === 'settled' && auction.winner?.toLowerCase() === this.sender?.address) {
          await db.prisma.relayedBid.updateMany({ where: { id: row.id, status: 'placed' }, data: { status: 'won' } });
          await this.enqueue('relay-deliver', row.id);
        }
      }
    }
  }
}
