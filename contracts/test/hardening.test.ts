// Griefing and failure cases: hostile bidders, sellers, treasuries and NFT contracts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseEther, type Address } from 'viem';
import { DURATION_MINUTES, FEE_BPS, MIN_INCREMENT, RESERVE, TIME_BUFFER, ZERO_ADDRESS, assertSameAddress, connectGavel } from '../testing/fixtures.ts';

const { viem, networkHelpers, mintTo, load } = await connectGavel();
const { time } = networkHelpers;

// TestActor.Mode
const Mode = { Accept: 0, Revert: 1, BurnGas: 2, Reenter: 3 } as const;

async function actorIn(houseAddress: Address, mode: number) {
  const actor = await viem.deployContract('TestActor', [houseAddress]);
  await actor.write.setMode([mode]);
  return actor;
}

/** Gas of a second bid that outbids `firstBidder`'s first bid. */
async function outbidGas(firstBid: (env: Awaited<ReturnType<typeof load.liveAuction>>) => Promise<unknown>) {
  const env = await load.liveAuction();
  await firstBid(env);
  const amount = RESERVE + MIN_INCREMENT;
  const hash = await env.house.write.bid([1n, amount], { account: env.bob.account, value: amount });
  const receipt = await env.publicClient.waitForTransactionReceipt({ hash });
  assert.equal(receipt.status, 'success');
  return { env, gasUsed: receipt.gasUsed };
}

/** An auction whose seller is a TestActor in `mode`, won by alice at `price` and past its end. */
async function soldByActor(mode: number, price: bigint) {
  const env = await load.deployed();
  const seller = await actorIn(env.house.address, mode);
  const tokenId = await mintTo(env, seller.address);
  await seller.write.sell([env.nft.address, tokenId, RESERVE, DURATION_MINUTES, TIME_BUFFER]);
  await seller.write.start([1n]);
  await env.house.write.bid([1n, price], { account: env.alice.account, value: price });
  await time.increase(DURATION_MINUTES * 60n);
  return { ...env, sellerActor: seller, tokenId };
}

describe('GavelAuctionHouse hardening', () => {
  describe('outbid bidders cannot grief the next bid', () => {
    it('a bidder that reverts on receiving ETH: the next bid costs the same, the refund waits for withdrawTo', async () => {
      const baseline = await outbidGas(({ house, alice }) => house.write.bid([1n, RESERVE], { account: alice.account, value: RESERVE }));
      let actorAddress: Address = ZERO_ADDRESS;
      const { env, gasUsed } = await outbidGas(async ({ house }) => {
        const actor = await actorIn(house.address, Mode.Revert);
        actorAddress = actor.address;
        await actor.write.bid([1n, RESERVE], { value: RESERVE });
      });
      assert.equal(gasUsed, baseline.gasUsed);
      assert.equal(await env.house.read.pendingReturns([actorAddress]), RESERVE);

      const actor = await viem.getContractAt('TestActor', actorAddress);
      await viem.assertions.revertWithCustomError(actor.write.withdraw(), env.house, 'WithdrawFailed');
      await viem.assertions.balancesHaveChanged(actor.write.withdrawTo([env.carol.account.address]), [{ address: env.carol.account.address, amount: RESERVE }]);
    });

    it('a bidder that burns all gas on receiving ETH: the next bid costs the same', async () => {
      const baseline = await outbidGas(({ house, alice }) => house.write.bid([1n, RESERVE], { account: alice.account, value: RESERVE }));
      const { gasUsed } = await outbidGas(async ({ house }) => {
        const actor = await actorIn(house.address, Mode.BurnGas);
        await actor.write.bid([1n, RESERVE], { value: RESERVE });
      });
      assert.equal(gasUsed, baseline.gasUsed);
    });

    it('a withdraw that re-enters fails whole and leaves the credit in place', async () => {
      const env = await load.liveAuction();
      const actor = await actorIn(env.house.address, Mode.Reenter);
      await actor.write.bid([1n, RESERVE], { value: RESERVE });
      await env.house.write.bid([1n, RESERVE * 2n], { account: env.bob.account, value: RESERVE * 2n });
      await viem.assertions.revertWithCustomError(actor.write.withdraw(), env.house, 'WithdrawFailed');
      assert.equal(await env.house.read.pendingReturns([actor.address]), RESERVE);
    });
  });

  describe('settlement cannot be blocked', () => {
    it('a winner contract without onERC721Received still receives the NFT', async () => {
      const env = await load.liveAuction();
      const winner = await actorIn(env.house.address, Mode.Accept);
      await winner.write.bid([1n, RESERVE], { value: RESERVE });
      await time.increase(DURATION_MINUTES * 60n);
      await viem.assertions.emitWithArgs(env.house.write.end([1n]), env.house, 'AuctionSettled', [1n, winner.address, RESERVE, (RESERVE * BigInt(FEE_BPS)) / 10_000n, 0n]);
      assertSameAddress(await env.nft.read.ownerOf([env.tokenId]), winner.address);
    });

    for (const [name, mode] of [
      ['reverts on', Mode.Revert],
      ['burns all gas on', Mode.BurnGas],
      ['re-enters on', Mode.Reenter],
    ] as const) {
      it(`a seller that ${name} receiving ETH is credited its proceeds instead`, async () => {
        const price = parseEther('2');
        const env = await soldByActor(mode, price);
        const proceeds = price - (price * BigInt(FEE_BPS)) / 10_000n;
        const hash = await env.house.write.end([1n]);
        await viem.assertions.emitWithArgs(Promise.resolve(hash), env.house, 'RefundCredited', [env.sellerActor.address, 1n, proceeds]);
        const receipt = await env.publicClient.waitForTransactionReceipt({ hash });
        // The payout's gas cap bounds what a hostile seller can make the settler pay.
        assert.ok(receipt.gasUsed < 250_000n, `end used ${receipt.gasUsed} gas`);
        assertSameAddress(await env.nft.read.ownerOf([env.tokenId]), env.alice.account.address);
        assert.equal(await env.house.read.pendingReturns([env.sellerActor.address]), proceeds);
        await env.sellerActor.write.setMode([Mode.Accept]);
        await viem.assertions.balancesHaveChanged(env.sellerActor.write.withdraw(), [{ address: env.sellerActor.address, amount: proceeds }]);
      });
    }

    it('a treasury that reverts is credited the fee', async () => {
      const price = parseEther('1');
      const env = await soldByActor(Mode.Accept, price);
      const treasury = await actorIn(env.house.address, Mode.Revert);
      await env.house.write.setTreasury([treasury.address]);
      await env.house.write.end([1n]);
      assert.equal(await env.house.read.pendingReturns([treasury.address]), (price * BigInt(FEE_BPS)) / 10_000n);
    });

    it('an NFT contract that refuses the transfer: end still settles, and the NFT and the bid wait for the winner', async () => {
      const env = await load.deployed();
      const frozenNft = await viem.deployContract('FreezableNFT');
      await frozenNft.write.mint([env.seller.account.address, 7n]);
      await frozenNft.write.approve([env.house.address, 7n], { account: env.seller.account });
      await env.house.write.create([frozenNft.address, 7n, RESERVE, DURATION_MINUTES, TIME_BUFFER], {
        account: env.seller.account,
      });
      await env.house.write.start([1n], { account: env.seller.account });
      await env.house.write.bid([1n, RESERVE], { account: env.alice.account, value: RESERVE });
      await frozenNft.write.setFrozen([true]);
      await time.increase(DURATION_MINUTES * 60n);

      const hash = env.house.write.end([1n]);
      await viem.assertions.balancesHaveChanged(hash, [
        { address: env.seller.account.address, amount: 0n },
        { address: env.treasury.account.address, amount: 0n },
      ]);
      await viem.assertions.emitWithArgs(hash, env.house, 'NftTransferFailed', [1n, env.alice.account.address]);
      assert.equal((await env.house.read.getAuction([1n])).ended, true);
      assertSameAddress(await env.house.read.nftClaimant([1n]), env.alice.account.address);
      assert.equal(await env.house.read.pendingReturns([env.alice.account.address]), 0n);
      assert.equal(await env.publicClient.getBalance({ address: env.house.address }), RESERVE);
      assertSameAddress(await frozenNft.read.ownerOf([7n]), env.house.address);
    });
  });

  it('refuses plain ETH transfers, so its balance is only ever bids and credits', async () => {
    const { house, alice } = await load.deployed();
    await viem.assertions.revert(alice.sendTransaction({ to: house.address, value: 1n }));
  });
});
