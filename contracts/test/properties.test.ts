// Property tests: random sequences of create, start, bid, warp, withdraw, end and cancel by many accounts
// (one of them a contract that refuses ETH) run against the contract and against AuctionModel. After every step:
//   - the outcome matches the model (success, or the same custom error);
//   - the contract's ETH balance equals all pending refunds plus the highest bids of unsettled auctions;
//   - every auction's state matches the model and its highest bid never falls;
//   - pendingReturns matches what each account is owed, and a withdraw pays exactly that.
// After each sequence everyone withdraws, and each auction has settled at most once (AuctionSettled events).
// FC_RUNS and FC_SEED override the run count and seed (e.g. FC_RUNS=500 for a longer soak).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  BaseError,
  ContractFunctionRevertedError,
  decodeErrorResult,
  getAddress,
  parseEther,
  type Address,
  type Hash,
} from "viem";
import { AuctionModel, type Outcome } from "../testing/auction-model.ts";
import { FEE_BPS, MIN_INCREMENT, connectGavel } from "../testing/fixtures.ts";

const { viem, networkHelpers, mintTo, deployed } = await connectGavel();
const NUM_RUNS = Number(process.env.FC_RUNS ?? 100);
const SEED = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);
const TOKENS_PER_SELLER = 10;
const GAS = 1_000_000n; // explicit, so a reverting call is still mined and its error comes back decoded

const RESERVES = [0n, parseEther("0.001"), parseEther("0.1")];
const BUFFERS = [0n, 30n, 120n];
const BID_DELTAS = [-1n, 0n, 1n, parseEther("0.05")];

async function world() {
  const env = await deployed();
  const refuser = await viem.deployContract("TestActor", [env.house.address]);
  await refuser.write.setMode([1]); // Mode.Revert: cannot receive ETH, must use withdrawTo
  const sellers = [env.seller, env.carol];
  const tokens: bigint[][] = [];
  for (const seller of sellers) {
    const ids: bigint[] = [];
    for (let i = 0; i < TOKENS_PER_SELLER; i++) ids.push(await mintTo(env, seller.account.address));
    await env.nft.write.setApprovalForAll([env.house.address, true], { account: seller.account });
    tokens.push(ids);
  }
  return { ...env, refuser, sellers, tokens };
}
type World = Awaited<ReturnType<typeof world>>;

type Command =
  | { kind: "create"; seller: number; reserve: number; minutes: number; buffer: number; startNow: boolean }
  | { kind: "start" | "cancel"; auction: number; caller: number }
  | { kind: "bid"; auction: number; bidder: number; delta: number }
  | { kind: "warp"; seconds: number }
  | { kind: "withdraw"; account: number }
  | { kind: "end"; auction: number; caller: number };

// An auction index; the largest value names an auction that does not exist.
const NO_SUCH_AUCTION = 9;
const pick = fc.nat({ max: NO_SUCH_AUCTION });
const createArb = fc.record({
  kind: fc.constant("create" as const),
  seller: fc.nat({ max: 1 }),
  reserve: fc.nat({ max: RESERVES.length - 1 }),
  minutes: fc.integer({ min: 1, max: 3 }),
  buffer: fc.nat({ max: BUFFERS.length - 1 }),
  startNow: fc.constantFrom(true, true, true, false),
});
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 2, arbitrary: createArb },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom("start" as const, "cancel" as const), auction: pick, caller: fc.nat({ max: 2 }) }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("bid" as const), auction: pick, bidder: fc.nat({ max: 4 }), delta: fc.nat({ max: BID_DELTAS.length - 1 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("warp" as const), seconds: fc.integer({ min: 1, max: 300 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("withdraw" as const), account: fc.nat({ max: 4 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("end" as const), auction: pick, caller: fc.nat({ max: 3 }) }) },
);

/** One sequence: drives the chain and the model side by side. */
class Run {
  now = 0n;
  readonly model: AuctionModel;
  readonly usedTokens = [0, 0];
  readonly lastHighestBid = new Map<bigint, bigint>();
  readonly bidders: Address[];

  constructor(readonly w: World) {
    this.model = new AuctionModel(getAddress(w.owner.account.address), BigInt(FEE_BPS), MIN_INCREMENT);
    this.bidders = [w.alice, w.bob, w.carol, w.dave].map((c) => getAddress(c.account.address));
    this.bidders.push(getAddress(w.refuser.address));
  }

  /** Auction id for a command's `auction` field: 0 is the newest auction, 1 the one before, and so on
   *  (recent auctions are the live ones); NO_SUCH_AUCTION names one that does not exist. */
  auctionId(index: number): bigint {
    const count = Number(this.model.nextId - 1n);
    return count === 0 || index === NO_SUCH_AUCTION ? this.model.nextId : this.model.nextId - 1n - BigInt(index % count);
  }

  /** Sends at the next second (so the model knows the block time) and returns "ok" or the error name. */
  async send(call: () => Promise<Hash>): Promise<{ result: string; gasCost: bigint }> {
    this.now += 1n;
    await networkHelpers.time.setNextBlockTimestamp(this.now);
    try {
      const receipt = await this.w.publicClient.waitForTransactionReceipt({ hash: await call() });
      assert.equal(receipt.status, "success");
      return { result: "ok", gasCost: receipt.gasUsed * receipt.effectiveGasPrice };
    } catch (error) {
      const reverted = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
      const raw = (reverted as ContractFunctionRevertedError | null)?.raw;
      if (!raw) throw error;
      return { result: decodeErrorResult({ abi: this.w.house.abi, data: raw }).errorName, gasCost: 0n };
    }
  }

  async balance(address: Address): Promise<bigint> {
    return this.w.publicClient.getBalance({ address });
  }

  async step(command: Command): Promise<void> {
    const { w, model } = this;
    const asUser = (i: number) => [w.alice, w.bob, w.carol, w.dave][i]!;
    switch (command.kind) {
      case "create": {
        const tokenId = w.tokens[command.seller]![this.usedTokens[command.seller]!];
        if (tokenId === undefined) return;
        this.usedTokens[command.seller]!++;
        const seller = w.sellers[command.seller]!;
        const [reserve, buffer] = [RESERVES[command.reserve]!, BUFFERS[command.buffer]!];
        const minutes = BigInt(command.minutes);
        const { result } = await this.send(() =>
          w.house.write.create([w.nft.address, tokenId, reserve, minutes, buffer], { account: seller.account, gas: GAS }),
        );
        const id = this.settle(result, model.create(getAddress(seller.account.address), reserve, minutes, buffer));
        if (id !== undefined && command.startNow) await this.step({ kind: "start", auction: 0, caller: 0 });
        return;
      }
      case "start":
      case "cancel": {
        const id = this.auctionId(command.auction);
        const seller = model.auctions.get(id)?.seller;
        const caller = [seller ? w.wallets.find((c) => getAddress(c.account.address) === seller)! : w.seller, w.owner, w.dave][
          command.caller
        ]!;
        const callerAddress = getAddress(caller.account.address);
        const { result } = await this.send(() => w.house.write[command.kind]([id], { account: caller.account, gas: GAS }));
        this.settle(result, command.kind === "start" ? model.start(id, callerAddress, this.now) : model.cancel(id, callerAddress));
        return;
      }
      case "bid": {
        const id = this.auctionId(command.auction);
        const a = model.auctions.get(id);
        const minimum = a?.highestBidder ? a.highestBid + MIN_INCREMENT : a?.reservePrice || 1n;
        const amount = minimum + BID_DELTAS[command.delta]!;
        const bidder = this.bidders[command.bidder]!;
        const { result } = await this.send(() =>
          command.bidder === 4
            ? w.refuser.write.bid([id], { value: amount, gas: GAS })
            : w.house.write.bid([id, amount], { account: asUser(command.bidder).account, value: amount, gas: GAS }),
        );
        this.settle(result, model.bid(id, bidder, amount, this.now));
        return;
      }
      case "warp":
        this.now += BigInt(command.seconds);
        return;
      case "withdraw": {
        const account = this.bidders[command.account]!;
        // The refuser cannot take ETH, so it sends its refund to an idle account (7).
        const recipient = command.account === 4 ? getAddress(w.wallets[7]!.account.address) : account;
        const before = await this.balance(recipient);
        const { result, gasCost } = await this.send(() =>
          command.account === 4
            ? w.refuser.write.withdrawTo([recipient], { gas: GAS })
            : w.house.write.withdraw({ account: asUser(command.account).account, gas: GAS }),
        );
        const owed = this.settle(result, model.withdraw(account));
        if (owed !== undefined) {
          const received = (await this.balance(recipient)) - before + (recipient === account ? gasCost : 0n);
          assert.equal(received, owed, `withdraw by ${account} paid the wrong amount`);
        }
        return;
      }
      case "end": {
        const id = this.auctionId(command.auction);
        const caller = asUser(command.caller);
        const seller = model.auctions.get(id)?.seller;
        const treasury = getAddress(w.treasury.account.address);
        const [sellerBefore, treasuryBefore] = seller ? await Promise.all([this.balance(seller), this.balance(treasury)]) : [0n, 0n];
        const { result, gasCost } = await this.send(() => w.house.write.end([id], { account: caller.account, gas: GAS }));
        const s = this.settle(result, model.end(id, this.now));
        if (s !== undefined) {
          const sellerGas = getAddress(caller.account.address) === s.seller ? gasCost : 0n;
          assert.equal((await this.balance(s.seller)) - sellerBefore + sellerGas, s.amount - s.fee, "seller proceeds");
          assert.equal((await this.balance(treasury)) - treasuryBefore, s.fee, "platform fee");
        }
        return;
      }
    }
  }

  /** Asserts the chain did what the model predicts; on success applies the model's change and returns its value. */
  settle<T>(result: string, expected: Outcome<T>): T | undefined {
    if ("error" in expected) {
      assert.equal(result, expected.error);
      return undefined;
    }
    assert.equal(result, "ok");
    return expected.apply();
  }

  async checkInvariants(): Promise<void> {
    const { w, model } = this;
    const accounts = [...this.bidders, getAddress(w.seller.account.address), getAddress(w.treasury.account.address)];
    const [balance, pendings] = await Promise.all([
      this.balance(w.house.address),
      Promise.all(accounts.map((a) => w.house.read.pendingReturns([a]))),
    ]);
    accounts.forEach((account, i) => assert.equal(pendings[i], model.owed(account), `pendingReturns of ${account}`));
    assert.equal(balance, model.expectedBalance(), "balance != pending refunds + unsettled highest bids");

    for (const a of model.auctions.values()) {
      const onChain = await w.house.read.getAuction([a.id]);
      if (a.cancelled) {
        assert.equal(onChain.seller, "0x0000000000000000000000000000000000000000");
        continue;
      }
      assert.deepEqual(
        [onChain.highestBid, onChain.started, onChain.ended, onChain.endTime],
        [a.highestBid, a.started, a.ended, a.endTime],
        `auction ${a.id}`,
      );
      assert.ok(onChain.highestBid >= (this.lastHighestBid.get(a.id) ?? 0n), `auction ${a.id}: highest bid fell`);
      this.lastHighestBid.set(a.id, onChain.highestBid);
    }
  }
}

describe("GavelAuctionHouse properties", () => {
  it("random sequences keep the books balanced and match the model", async () => {
    await fc.assert(
      // A few auctions first, so that most commands have something to act on.
      fc.asyncProperty(fc.array(createArb, { minLength: 1, maxLength: 3 }), fc.array(commandArb, { minLength: 10, maxLength: 50, size: "medium" }), async (setup, rest) => {
        const commands = [...setup, ...rest];
        const w = await networkHelpers.loadFixture(world);
        const run = new Run(w);
        run.now = BigInt(await networkHelpers.time.latest());
        const fromBlock = await w.publicClient.getBlockNumber();
        for (const command of commands) {
          await run.step(command);
          await run.checkInvariants();
        }
        // Everyone can take out exactly what they are owed, and then only live bids remain.
        for (let i = 0; i < run.bidders.length; i++) {
          if (run.model.owed(run.bidders[i]!) > 0n) await run.step({ kind: "withdraw", account: i });
        }
        await run.checkInvariants();
        const settled = await w.publicClient.getContractEvents({
          address: w.house.address,
          abi: w.house.abi,
          eventName: "AuctionSettled",
          fromBlock,
        });
        for (const a of run.model.auctions.values()) {
          const count = settled.filter((e) => e.args.auctionId === a.id).length;
          assert.equal(count, a.ended ? 1 : 0, `auction ${a.id} settled ${count} times`);
        }
      }),
      { numRuns: NUM_RUNS, seed: SEED },
    );
  });
});
