// Property tests: random sequences of create, start, bid, warp, withdraw, end, cancel, claimNft,
// expireNftClaim and setPremiumBps by many accounts (one of them a contract that refuses ETH and ERC-721 receiver checks), on
// GavelNFT and on a fussy collection that can be frozen, run against the contract and against AuctionModel.
// After every step:
//   - the outcome matches the model (success, or the same custom error);
//   - the contract's ETH balance equals all pending refunds plus the highest bids of unsettled auctions with their
//     premiums (live, or waiting for the winner's NFT claim): no wei is stranded;
//   - every auction's state matches the model and its highest bid never falls;
//   - every auctioned NFT is where the model says, and the house holds it only for a live auction or a pending
//     claim whose claimant is the one `nftClaimant` names: no NFT is stranded;
//   - pendingReturns matches what each account is owed, and a withdraw pays exactly that;
//   - a call that completes a sale (`end`, or the winner's `claimNft`) pays the seller and the treasury exactly:
//     the seller the amount less the fee, the treasury the fee and the premium.
// After each sequence everyone withdraws, no token of either collection sits in the house without an auction
// that accounts for it, and each auction has settled at most once (AuctionSettled events).
// FC_RUNS and FC_SEED override the run count and seed (e.g. FC_RUNS=500 for a longer soak).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { BaseError, ContractFunctionRevertedError, decodeErrorResult, getAddress, type Address, type Hash } from 'viem';
import { BID_DELTAS, BUFFERS, NO_SUCH_AUCTION, PREMIUMS, RESERVES, VALUE_DELTAS, claimCommands, createArb, everyCommand, fussyCreateArb, type Command } from '../testing/auction-commands.ts';
import { AuctionModel, type ModelCollection, type Outcome, type Payout } from '../testing/auction-model.ts';
import { FEE_BPS, MIN_INCREMENT, connectGavel } from '../testing/fixtures.ts';

const { viem, networkHelpers, mintTo, deployed } = await connectGavel();
const ZERO = '0x0000000000000000000000000000000000000000';
const NUM_RUNS = Number(process.env.FC_RUNS ?? 100);
const SEED = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);
const TOKENS_PER_SELLER = 10;
const GAS = 1_000_000n; // explicit, so a reverting call is still mined and its error comes back decoded

async function world() {
  const env = await deployed();
  const refuser = await viem.deployContract('TestActor', [env.house.address]);
  await refuser.write.setMode([1]); // Mode.Revert: cannot receive ETH, must use withdrawTo
  const fussy = await viem.deployContract('FreezableNFT');
  const sellers = [env.seller, env.carol];
  // tokens[seller][collection]: GavelNFT ids, then FreezableNFT ids.
  const tokens: bigint[][][] = [];
  for (const [s, seller] of sellers.entries()) {
    const gavelIds: bigint[] = [];
    const fussyIds: bigint[] = [];
    for (let i = 0; i < TOKENS_PER_SELLER; i++) {
      gavelIds.push(await mintTo(env, seller.account.address));
      fussyIds.push(BigInt(100 * s + i + 1));
      await fussy.write.mint([seller.account.address, fussyIds[i]!]);
    }
    await env.nft.write.setApprovalForAll([env.house.address, true], { account: seller.account });
    await fussy.write.setApprovalForAll([env.house.address, true], { account: seller.account });
    tokens.push([gavelIds, fussyIds]);
  }
  return { ...env, refuser, fussy, sellers, tokens };
}
type World = Awaited<ReturnType<typeof world>>;

/** One sequence: drives the chain and the model side by side. */
class Run {
  now = 0n;
  readonly model: AuctionModel;
  readonly usedTokens = [
    [0, 0],
    [0, 0],
  ];
  readonly lastHighestBid = new Map<bigint, bigint>();
  readonly bidders: Address[];
  readonly collections: ModelCollection[];
  /** An account that only ever receives: the refuser's withdrawals and NFTs claimed for someone else. */
  readonly idle: Address;

  constructor(
    readonly w: World,
    claimPeriod: bigint,
  ) {
    const refuser = getAddress(w.refuser.address);
    this.model = new AuctionModel(getAddress(w.owner.account.address), getAddress(w.house.address), BigInt(FEE_BPS), MIN_INCREMENT, claimPeriod, new Set([refuser]));
    this.bidders = [w.alice, w.bob, w.carol, w.dave].map((c) => getAddress(c.account.address));
    this.bidders.push(refuser);
    this.collections = [
      { address: getAddress(w.nft.address), fussy: false },
      { address: getAddress(w.fussy.address), fussy: true },
    ];
    this.idle = getAddress(w.wallets[7]!.account.address);
  }

  wallet(address: Address) {
    return this.w.wallets.find((c) => getAddress(c.account.address) === address)!;
  }

  /** Auction id for a command's `auction` field: 0 is the newest auction, 1 the one before, and so on
   *  (recent auctions are the live ones); NO_SUCH_AUCTION names one that does not exist. */
  auctionId(index: number): bigint {
    const count = Number(this.model.nextId - 1n);
    return count === 0 || index === NO_SUCH_AUCTION ? this.model.nextId : this.model.nextId - 1n - BigInt(index % count);
  }

  /** As `auctionId`, but with `waiting` an auction whose NFT waits for a claim, when there is one. */
  claimAuctionId(index: number, waiting: boolean): bigint {
    const claims = [...this.model.auctions.values()].filter((a) => a.claim !== null);
    return waiting && claims.length > 0 ? claims[index % claims.length]!.id : this.auctionId(index);
  }

  /** Sends at the next second (so the model knows the block time) and returns "ok" or the error name. */
  async send(call: () => Promise<Hash>): Promise<{ result: string; gasCost: bigint }> {
    this.now += 1n;
    await networkHelpers.time.setNextBlockTimestamp(this.now);
    try {
      const receipt = await this.w.publicClient.waitForTransactionReceipt({ hash: await call() });
      assert.equal(receipt.status, 'success');
      return { result: 'ok', gasCost: receipt.gasUsed * receipt.effectiveGasPrice };
    } catch (error) {
      const reverted = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
      const raw = (reverted as ContractFunctionRevertedError | null)?.raw;
      if (!raw) throw error;
      // An NFT contract's revert (a frozen or fussy collection) comes back through the house unchanged.
      return { result: decodeErrorResult({ abi: [...this.w.house.abi, ...this.w.fussy.abi], data: raw }).errorName, gasCost: 0n };
    }
  }

  async balance(address: Address): Promise<bigint> {
    return this.w.publicClient.getBalance({ address });
  }

  async nftOwner(collection: ModelCollection, tokenId: bigint): Promise<Address> {
    return getAddress(await this.w.publicClient.readContract({ address: collection.address, abi: this.w.nft.abi, functionName: 'ownerOf', args: [tokenId] }));
  }

  /** Sends a call that may complete a sale (`end`, `claimNft`) and checks the seller and the treasury received
   *  exactly what the model says it paid out. `expected` is asked after the send, at the block's time. */
  async sendSettling(id: bigint, caller: Address, call: () => Promise<Hash>, expected: () => Outcome<Payout | null>): Promise<void> {
    const seller = this.model.auctions.get(id)?.seller;
    const treasury = getAddress(this.w.treasury.account.address);
    const [sellerBefore, treasuryBefore] = seller ? await Promise.all([this.balance(seller), this.balance(treasury)]) : [0n, 0n];
    const { result, gasCost } = await this.send(call);
    const payout = this.settle(result, expected());
    if (payout === undefined || seller === undefined) return;
    const [amount, fee, premium] = payout ? [payout.amount, payout.fee, payout.premium] : [0n, 0n, 0n];
    const sellerGas = caller === seller ? gasCost : 0n;
    assert.equal((await this.balance(seller)) - sellerBefore + sellerGas, amount - fee, 'seller proceeds');
    assert.equal((await this.balance(treasury)) - treasuryBefore, fee + premium, 'platform fee and premium');
  }

  async step(command: Command): Promise<void> {
    const { w, model } = this;
    const asUser = (i: number) => [w.alice, w.bob, w.carol, w.dave][i]!;
    switch (command.kind) {
      case 'create': {
        const used = this.usedTokens[command.seller]!;
        const tokenId = w.tokens[command.seller]![command.collection]![used[command.collection]!];
        if (tokenId === undefined) return;
        const seller = w.sellers[command.seller]!;
        const collection = this.collections[command.collection]!;
        const [reserve, buffer] = [RESERVES[command.reserve]!, BUFFERS[command.buffer]!];
        const minutes = BigInt(command.minutes);
        const { result } = await this.send(() => w.house.write.create([collection.address, tokenId, reserve, minutes, buffer], { account: seller.account, gas: GAS }));
        const id = this.settle(result, model.create(getAddress(seller.account.address), collection, tokenId, reserve, minutes, buffer));
        if (id !== undefined) used[command.collection]!++;
        if (id !== undefined && command.startNow) await this.step({ kind: 'start', auction: 0, caller: 0 });
        return;
      }
      case 'start':
      case 'cancel': {
        const id = this.auctionId(command.auction);
        const seller = model.auctions.get(id)?.seller;
        const caller = [seller ? this.wallet(seller) : w.seller, w.owner, w.dave][command.caller]!;
        const callerAddress = getAddress(caller.account.address);
        const { result } = await this.send(() => w.house.write[command.kind]([id], { account: caller.account, gas: GAS }));
        this.settle(result, command.kind === 'start' ? model.start(id, callerAddress, this.now) : model.cancel(id, callerAddress));
        return;
      }
      case 'bid': {
        const id = this.auctionId(command.auction);
        const a = model.auctions.get(id);
        const minimum = a?.highestBidder ? a.highestBid + MIN_INCREMENT : a?.reservePrice || 1n;
        const amount = minimum + BID_DELTAS[command.delta]!;
        const value = model.bidValue(id, amount) + VALUE_DELTAS[command.value]!;
        if (value < 0n) return;
        const bidder = this.bidders[command.bidder]!;
        const { result } = await this.send(() =>
          command.bidder === 4 ? w.refuser.write.bid([id, amount], { value, gas: GAS }) : w.house.write.bid([id, amount], { account: asUser(command.bidder).account, value, gas: GAS }),
        );
        this.settle(result, model.bid(id, bidder, amount, value, this.now));
        return;
      }
      case 'premium': {
        const caller = command.byOwner ? w.owner : w.dave;
        const rate = PREMIUMS[command.rate]!;
        const { result } = await this.send(() => w.house.write.setPremiumBps([Number(rate)], { account: caller.account, gas: GAS }));
        this.settle(result, model.setPremium(getAddress(caller.account.address), rate, await w.house.read.MAX_PREMIUM_BPS()));
        return;
      }
      case 'warp': {
        // Past the claim period only while a winner's claim waits: otherwise the jump just ends every auction.
        const longWarp = command.pastClaimPeriod && [...model.auctions.values()].some((a) => a.claim === 'winner');
        this.now += BigInt(command.seconds) + (longWarp ? model.claimPeriod : 0n);
        return;
      }
      case 'withdraw': {
        const account = this.bidders[command.account]!;
        // The refuser cannot take ETH, so it sends its refund to the idle account.
        const recipient = command.account === 4 ? this.idle : account;
        const before = await this.balance(recipient);
        const { result, gasCost } = await this.send(() =>
          command.account === 4 ? w.refuser.write.withdrawTo([recipient], { gas: GAS }) : w.house.write.withdraw({ account: asUser(command.account).account, gas: GAS }),
        );
        const owed = this.settle(result, model.withdraw(account));
        if (owed !== undefined) {
          const received = (await this.balance(recipient)) - before + (recipient === account ? gasCost : 0n);
          assert.equal(received, owed, `withdraw by ${account} paid the wrong amount`);
        }
        return;
      }
      case 'end': {
        const id = this.auctionId(command.auction);
        const caller = asUser(command.caller);
        const endTime = model.auctions.get(id)?.endTime ?? 0n;
        // `send` moves the clock one second before it sends.
        if (command.atEndTime && endTime > this.now) this.now = endTime - 1n;
        const call = () => w.house.write.end([id], { account: caller.account, gas: GAS });
        await this.sendSettling(id, getAddress(caller.account.address), call, () => model.end(id, this.now));
        return;
      }
      case 'claim': {
        const id = this.claimAuctionId(command.auction, command.waiting);
        const a = model.auctions.get(id);
        const seller = a?.seller ?? getAddress(w.seller.account.address);
        const caller = [...this.bidders, seller, (a && model.claimant(a)) ?? seller][command.caller]!;
        const to = command.toSelf ? caller : this.idle;
        const call = () => (caller === this.bidders[4] ? w.refuser.write.claimNft([id, to], { gas: GAS }) : w.house.write.claimNft([id, to], { account: this.wallet(caller).account, gas: GAS }));
        await this.sendSettling(id, caller, call, () => model.claimNft(id, caller, to));
        return;
      }
      case 'expire': {
        const id = this.claimAuctionId(command.auction, command.waiting);
        const { result } = await this.send(() => w.house.write.expireNftClaim([id], { account: asUser(command.caller).account, gas: GAS }));
        this.settle(result, model.expireNftClaim(id, this.now));
        return;
      }
      case 'freeze': {
        const { result } = await this.send(() => w.fussy.write.setFrozen([command.frozen], { gas: GAS }));
        assert.equal(result, 'ok');
        model.frozen = command.frozen;
        return;
      }
    }
  }

  /** Asserts the chain did what the model predicts; on success applies the model's change and returns its value. */
  settle<T>(result: string, expected: Outcome<T>): T | undefined {
    if ('error' in expected) {
      assert.equal(result, expected.error);
      return undefined;
    }
    assert.equal(result, 'ok');
    return expected.apply();
  }

  async checkInvariants(): Promise<void> {
    const { w, model } = this;
    const accounts = [...this.bidders, getAddress(w.seller.account.address), getAddress(w.treasury.account.address)];
    const [balance, pendings] = await Promise.all([this.balance(w.house.address), Promise.all(accounts.map((a) => w.house.read.pendingReturns([a])))]);
    for (const [i, account] of accounts.entries()) assert.equal(pendings[i], model.owed(account), `pendingReturns of ${account}`);
    assert.equal(balance, model.expectedBalance(), 'balance != pending refunds + unsettled highest bids');

    const auctions = [...model.auctions.values()];
    const reads = await Promise.all(auctions.map((a) => Promise.all([w.house.read.getAuction([a.id]), w.house.read.nftClaimant([a.id]), this.nftOwner(a.collection, a.nftId)])));
    for (const [i, a] of auctions.entries()) {
      const [onChain, claimant, nftOwner] = reads[i]!;
      assert.equal(nftOwner, a.nftOwner, `auction ${a.id}: NFT owner`);
      assert.equal(getAddress(claimant), model.claimant(a) ?? ZERO, `auction ${a.id}: NFT claimant`);
      const inPlay = (!a.ended && !a.cancelled) || a.claim !== null;
      assert.equal(a.nftOwner === model.house, inPlay, `auction ${a.id}: the house holds its NFT ${inPlay ? 'not ' : ''}for a live auction or a claim`);
      if (a.cancelled) {
        assert.equal(onChain.seller, ZERO);
        continue;
      }
      assert.deepEqual([onChain.highestBid, onChain.started, onChain.ended, onChain.endTime, onChain.premiumBps], [a.highestBid, a.started, a.ended, a.endTime, a.premiumBps], `auction ${a.id}`);
      assert.ok(onChain.highestBid >= (this.lastHighestBid.get(a.id) ?? 0n), `auction ${a.id}: highest bid fell`);
      this.lastHighestBid.set(a.id, onChain.highestBid);
    }
  }

  /** Every token of both collections that the house holds is accounted for by a live auction or a claim. */
  async checkNoTokenStranded(): Promise<void> {
    const { w, model } = this;
    const house = getAddress(w.house.address);
    for (const [c, collection] of this.collections.entries()) {
      for (const tokenId of w.tokens.flatMap((perCollection) => perCollection[c]!)) {
        if ((await this.nftOwner(collection, tokenId)) !== house) continue;
        const holder = [...model.auctions.values()].find((a) => a.collection === collection && a.nftId === tokenId && a.nftOwner === house);
        assert.ok(holder, `token ${tokenId} of ${collection.address} is in the house with no auction or claim for it`);
      }
    }
  }
}

/** Runs one sequence (a few auctions first, so that most commands have something to act on) and checks it. */
async function checkSequence(setup: Command[], rest: Command[]): Promise<void> {
  const w = await networkHelpers.loadFixture(world);
  const run = new Run(w, await w.house.read.NFT_CLAIM_PERIOD());
  run.now = BigInt(await networkHelpers.time.latest());
  const fromBlock = await w.publicClient.getBlockNumber();
  for (const command of [...setup, ...rest]) {
    await run.step(command);
    await run.checkInvariants();
  }
  // Everyone can take out exactly what they are owed, and then only live bids and bids awaiting a claim remain.
  for (let i = 0; i < run.bidders.length; i++) {
    if (run.model.owed(run.bidders[i]!) > 0n) await run.step({ kind: 'withdraw', account: i });
  }
  await run.checkInvariants();
  await run.checkNoTokenStranded();
  const settled = await w.publicClient.getContractEvents({ address: w.house.address, abi: w.house.abi, eventName: 'AuctionSettled', fromBlock });
  for (const a of run.model.auctions.values()) {
    const count = settled.filter((e) => e.args.auctionId === a.id).length;
    assert.equal(count, a.settled ? 1 : 0, `auction ${a.id} settled ${count} times`);
  }
}

describe('GavelAuctionHouse properties', () => {
  it('random sequences keep the books balanced and match the model', async () => {
    const sequences = fc.asyncProperty(fc.array(createArb, { minLength: 1, maxLength: 3 }), fc.array(everyCommand, { minLength: 10, maxLength: 50, size: 'medium' }), checkSequence);
    await fc.assert(sequences, { numRuns: NUM_RUNS, seed: SEED });
  });

  it('NFTs a collection will not deliver are claimed or expire, and nothing is stranded', async () => {
    const sequences = fc.asyncProperty(fc.array(fussyCreateArb, { minLength: 1, maxLength: 3 }), fc.array(claimCommands, { minLength: 10, maxLength: 40, size: 'medium' }), checkSequence);
    await fc.assert(sequences, { numRuns: Math.ceil(NUM_RUNS / 2), seed: SEED });
  });
});
