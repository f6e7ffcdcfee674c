// The buyer's premium: a bid carries it on top of its amount, an outbid bidder gets both back, and the treasury
// takes it with the fee at settlement. Hostile and edge cases: a wallet sending the bare amount or a wei too much,
// a premium changed while an auction runs, a winner whose NFT never arrives, rounding at one wei.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseEther } from 'viem';
import { DURATION_MINUTES, FEE_BPS, MIN_INCREMENT, RESERVE, TIME_BUFFER, connectGavel } from '../testing/fixtures.ts';
import { premiumOf } from '../testing/auction-model.ts';

const { viem, networkHelpers, mintTo, load } = await connectGavel();
const { time } = networkHelpers;
const PREMIUM_BPS = 2_500n; // 25%

/** A live auction created while the house's premium was 25%. */
async function premiumAuction() {
  const env = await load.deployed();
  await env.house.write.setPremiumBps([Number(PREMIUM_BPS)]);
  const tokenId = await mintTo(env, env.seller.account.address);
  await env.nft.write.approve([env.house.address, tokenId], { account: env.seller.account });
  await env.house.write.create([env.nft.address, tokenId, RESERVE, DURATION_MINUTES, TIME_BUFFER], { account: env.seller.account });
  await env.house.write.start([1n], { account: env.seller.account });
  return { ...env, tokenId };
}

const withPremium = (amount: bigint) => amount + premiumOf(amount, PREMIUM_BPS);

describe('buyer’s premium', () => {
  it('is set by the owner only, up to MAX_PREMIUM_BPS, and announced', async () => {
    const { house, alice } = await load.deployed();
    assert.equal(await house.read.premiumBps(), 0);
    await viem.assertions.revertWithCustomError(house.write.setPremiumBps([100], { account: alice.account }), house, 'OwnableUnauthorizedAccount');
    await viem.assertions.revertWithCustomErrorWithArgs(house.write.setPremiumBps([3_001]), house, 'PremiumTooHigh', [3_001n]);
    await viem.assertions.emitWithArgs(house.write.setPremiumBps([3_000]), house, 'PremiumUpdated', [3_000n]);
    assert.equal(await house.read.premiumBps(), 3_000);
  });

  it('is fixed for an auction at its creation: a later change applies to new auctions only', async () => {
    const { house, seller, nft, alice } = await premiumAuction();
    await house.write.setPremiumBps([1_000]);
    assert.equal((await house.read.getAuction([1n])).premiumBps, PREMIUM_BPS);
    assert.equal(await house.read.bidValue([1n, RESERVE]), withPremium(RESERVE));
    await house.write.bid([1n, RESERVE], { account: alice.account, value: withPremium(RESERVE) });

    const tokenId = await mintTo({ nft } as never, seller.account.address);
    await nft.write.approve([house.address, tokenId], { account: seller.account });
    await viem.assertions.emitWithArgs(house.write.create([nft.address, tokenId, RESERVE, DURATION_MINUTES, 0n], { account: seller.account }), house, 'AuctionCreated', [
      2n,
      seller.account.address,
      nft.address,
      tokenId,
      RESERVE,
      DURATION_MINUTES * 60n,
      0n,
      1_000n,
    ]);
    assert.equal(await house.read.bidValue([2n, RESERVE]), RESERVE + RESERVE / 10n);
  });

  it('must be sent with the bid, exactly: the bare amount and a wei over are both refused', async () => {
    const { house, alice } = await premiumAuction();
    const expected = withPremium(RESERVE);
    await viem.assertions.revertWithCustomErrorWithArgs(house.write.bid([1n, RESERVE], { account: alice.account, value: RESERVE }), house, 'BidValueMismatch', [expected, RESERVE]);
    await viem.assertions.revertWithCustomErrorWithArgs(house.write.bid([1n, RESERVE], { account: alice.account, value: expected + 1n }), house, 'BidValueMismatch', [expected, expected + 1n]);
    await viem.assertions.emitWithArgs(house.write.bid([1n, RESERVE], { account: alice.account, value: expected }), house, 'AuctionBid', [1n, alice.account.address, RESERVE, false]);
    assert.equal((await house.read.getAuction([1n])).highestBid, RESERVE);
  });

  it('is given back with the bid when outbid, and the winner’s goes to the treasury with the fee', async () => {
    const { house, seller, alice, bob, treasury, publicClient } = await premiumAuction();
    const winning = parseEther('1.2345');
    await house.write.bid([1n, RESERVE], { account: alice.account, value: withPremium(RESERVE) });
    await viem.assertions.emitWithArgs(house.write.bid([1n, winning], { account: bob.account, value: withPremium(winning) }), house, 'RefundCredited', [
      alice.account.address,
      1n,
      withPremium(RESERVE),
    ]);
    assert.equal(await house.read.pendingReturns([alice.account.address]), withPremium(RESERVE));
    await time.increase(DURATION_MINUTES * 60n);
    const fee = (winning * BigInt(FEE_BPS)) / 10_000n;
    const premium = premiumOf(winning, PREMIUM_BPS);
    const end = house.write.end([1n]);
    await viem.assertions.balancesHaveChanged(end, [
      { address: seller.account.address, amount: winning - fee },
      { address: treasury.account.address, amount: fee + premium },
      { address: house.address, amount: -withPremium(winning) },
    ]);
    await viem.assertions.emitWithArgs(end, house, 'AuctionSettled', [1n, bob.account.address, winning, fee, premium]);
    await house.write.withdraw({ account: alice.account });
    // Nothing is left in the house once the outbid bidder has withdrawn.
    assert.equal(await publicClient.getBalance({ address: house.address }), 0n);
  });

  it('is credited back with the bid when the winner’s NFT claim expires', async () => {
    const env = await load.deployed();
    await env.house.write.setPremiumBps([Number(PREMIUM_BPS)]);
    const collection = await viem.deployContract('FreezableNFT');
    await collection.write.mint([env.seller.account.address, 7n]);
    await collection.write.approve([env.house.address, 7n], { account: env.seller.account });
    await env.house.write.create([collection.address, 7n, RESERVE, DURATION_MINUTES, TIME_BUFFER], { account: env.seller.account });
    await env.house.write.start([1n], { account: env.seller.account });
    await env.house.write.bid([1n, RESERVE], { account: env.alice.account, value: withPremium(RESERVE) });
    await collection.write.setFrozen([true]);
    await time.increase(DURATION_MINUTES * 60n);
    await env.house.write.end([1n]);
    assert.equal(await env.publicClient.getBalance({ address: env.house.address }), withPremium(RESERVE));
    await time.increase(await env.house.read.NFT_CLAIM_PERIOD());
    await viem.assertions.emitWithArgs(env.house.write.expireNftClaim([1n]), env.house, 'RefundCredited', [env.alice.account.address, 1n, withPremium(RESERVE)]);
    assert.equal(await env.house.read.pendingReturns([env.alice.account.address]), withPremium(RESERVE));
  });

  it('rounds half up to the wei, as the api and the dapp do', async () => {
    const { house, alice, bob } = await premiumAuction();
    // 25% of 2 wei is half a wei: one wei. Of 1 wei, a quarter: none.
    assert.equal(await house.read.bidValue([1n, 2n]), 3n);
    assert.equal(await house.read.bidValue([1n, 1n]), 1n);
    await house.write.bid([1n, RESERVE], { account: alice.account, value: withPremium(RESERVE) });
    const odd = RESERVE + MIN_INCREMENT + 2n;
    assert.equal(await house.read.bidValue([1n, odd]), odd + (odd * PREMIUM_BPS + 5_000n) / 10_000n);
    await house.write.bid([1n, odd], { account: bob.account, value: await house.read.bidValue([1n, odd]) });
  });
});
