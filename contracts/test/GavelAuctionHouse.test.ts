import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseEther } from 'viem';
import { DURATION_MINUTES, FEE_BPS, MIN_INCREMENT, RESERVE, TIME_BUFFER, ZERO_ADDRESS, assertSameAddress, connectGavel } from '../testing/fixtures.ts';

const { viem, networkHelpers, mintTo, load } = await connectGavel();
const { time } = networkHelpers;

describe('GavelAuctionHouse', () => {
  describe('create', () => {
    it('escrows the approved NFT and records the auction, not yet started', async () => {
      const { house, nft, seller, tokenId } = await load.createdAuction();
      assertSameAddress(await nft.read.ownerOf([tokenId]), house.address);
      const auction = await house.read.getAuction([1n]);
      assertSameAddress(auction.seller, seller.account.address);
      assertSameAddress(auction.nft, nft.address);
      assert.equal(auction.nftId, tokenId);
      assert.equal(auction.reservePrice, RESERVE);
      assert.equal(auction.timeBufferSeconds, TIME_BUFFER);
      assert.deepEqual([auction.highestBid, auction.highestBidder, auction.startTime, auction.endTime, auction.started, auction.ended], [0n, ZERO_ADDRESS, 0n, 0n, false, false]);
      assert.equal(await house.read.nextAuctionId(), 2n);
    });

    it('emits AuctionCreated with the duration converted from minutes to seconds', async () => {
      const env = await load.deployed();
      const tokenId = await mintTo(env, env.seller.account.address);
      await env.nft.write.approve([env.house.address, tokenId], { account: env.seller.account });
      await viem.assertions.emitWithArgs(env.house.write.create([env.nft.address, tokenId, RESERVE, 90n, 0n], { account: env.seller.account }), env.house, 'AuctionCreated', [
        1n,
        env.seller.account.address,
        env.nft.address,
        tokenId,
        RESERVE,
        90n * 60n,
        0n,
        0n,
      ]);
    });

    it('reverts without approval or ownership', async () => {
      const env = await load.deployed();
      const tokenId = await mintTo(env, env.seller.account.address);
      const args = [env.nft.address, tokenId, RESERVE, DURATION_MINUTES, TIME_BUFFER] as const;
      await viem.assertions.revertWithCustomError(env.house.write.create(args, { account: env.seller.account }), env.nft, 'ERC721InsufficientApproval');
      await env.nft.write.approve([env.house.address, tokenId], { account: env.seller.account });
      await viem.assertions.revertWithCustomError(env.house.write.create(args, { account: env.alice.account }), env.nft, 'ERC721IncorrectOwner');
    });

    it('rejects a zero or over-long duration and an over-long time buffer', async () => {
      const { house, nft, seller } = await load.deployed();
      const as = { account: seller.account };
      await viem.assertions.revertWithCustomErrorWithArgs(house.write.create([nft.address, 1n, RESERVE, 0n, TIME_BUFFER], as), house, 'InvalidDuration', [0n]);
      const tooLong = (await house.read.MAX_DURATION_MINUTES()) + 1n;
      await viem.assertions.revertWithCustomError(house.write.create([nft.address, 1n, RESERVE, tooLong, TIME_BUFFER], as), house, 'InvalidDuration');
      const bufferTooLong = (await house.read.MAX_TIME_BUFFER_SECONDS()) + 1n;
      await viem.assertions.revertWithCustomError(house.write.create([nft.address, 1n, RESERVE, DURATION_MINUTES, bufferTooLong], as), house, 'InvalidTimeBuffer');
    });
  });

  describe('start', () => {
    it('starts the clock for the created duration', async () => {
      const { house, seller } = await load.createdAuction();
      const hash = await house.write.start([1n], { account: seller.account });
      const now = BigInt(await time.latest());
      await viem.assertions.emitWithArgs(Promise.resolve(hash), house, 'AuctionStarted', [1n, now, now + DURATION_MINUTES * 60n]);
      const auction = await house.read.getAuction([1n]);
      assert.equal(auction.started, true);
      assert.equal(auction.startTime, now);
      assert.equal(auction.endTime, now + DURATION_MINUTES * 60n);
    });

    it('may be called by the owner, not by others, and only once', async () => {
      const { house, alice } = await load.createdAuction();
      await viem.assertions.revertWithCustomErrorWithArgs(house.write.start([1n], { account: alice.account }), house, 'NotSellerOrOwner', [alice.account.address]);
      await house.write.start([1n]);
      await viem.assertions.revertWithCustomError(house.write.start([1n]), house, 'AuctionAlreadyStarted');
      await viem.assertions.revertWithCustomError(house.write.start([7n]), house, 'AuctionNotFound');
    });
  });

  describe('bid', () => {
    it('reverts for an unknown auction', async () => {
      const { house, alice } = await load.liveAuction();
      await viem.assertions.revertWithCustomErrorWithArgs(house.write.bid([99n, RESERVE], { account: alice.account, value: RESERVE }), house, 'AuctionNotFound', [99n]);
    });

    it('reverts before the auction starts', async () => {
      const { house, alice } = await load.createdAuction();
      await viem.assertions.revertWithCustomError(house.write.bid([1n, RESERVE], { account: alice.account, value: RESERVE }), house, 'AuctionNotStarted');
    });

    it('reverts after the end time (a late bid), settled or not', async () => {
      const { house, alice } = await load.liveAuction();
      await time.increase(DURATION_MINUTES * 60n);
      const late = () => house.write.bid([1n, RESERVE], { account: alice.account, value: RESERVE });
      await viem.assertions.revertWithCustomError(late(), house, 'AuctionExpired');
      await house.write.end([1n]);
      await viem.assertions.revertWithCustomError(late(), house, 'AuctionExpired');
    });

    it('reverts below the reserve', async () => {
      const { house, alice } = await load.liveAuction();
      await viem.assertions.revertWithCustomErrorWithArgs(house.write.bid([1n, RESERVE - 1n], { account: alice.account, value: RESERVE - 1n }), house, 'BidBelowReserve', [RESERVE]);
    });

    it('reverts when the value differs from the amount', async () => {
      const { house, alice } = await load.liveAuction();
      await viem.assertions.revertWithCustomErrorWithArgs(house.write.bid([1n, RESERVE], { account: alice.account, value: RESERVE + 1n }), house, 'BidValueMismatch', [RESERVE, RESERVE + 1n]);
    });

    it("refuses the seller's own bid", async () => {
      const { house, seller } = await load.liveAuction();
      await viem.assertions.revertWithCustomError(house.write.bid([1n, RESERVE], { account: seller.account, value: RESERVE }), house, 'SellerCannotBid');
    });

    it('accepts a first bid at the reserve and records it', async () => {
      const { house, alice, publicClient } = await load.liveAuction();
      await viem.assertions.emitWithArgs(house.write.bid([1n, RESERVE], { account: alice.account, value: RESERVE }), house, 'AuctionBid', [1n, alice.account.address, RESERVE, false]);
      const auction = await house.read.getAuction([1n]);
      assert.equal(auction.highestBid, RESERVE);
      assertSameAddress(auction.highestBidder, alice.account.address);
      assert.equal(await publicClient.getBalance({ address: house.address }), RESERVE);
    });

    it('requires the minimum increment over the highest bid, and accepts exactly it', async () => {
      const { house, alice, bob } = await load.liveAuction();
      await house.write.bid([1n, RESERVE], { account: alice.account, value: RESERVE });
      const minimum = RESERVE + MIN_INCREMENT;
      assert.equal(await house.read.minNextBid([1n]), minimum);
      await viem.assertions.revertWithCustomErrorWithArgs(house.write.bid([1n, minimum - 1n], { account: bob.account, value: minimum - 1n }), house, 'BidBelowMinimum', [minimum]);
      await house.write.bid([1n, minimum], { account: bob.account, value: minimum });
      assert.equal((await house.read.getAuction([1n])).highestBid, minimum);
    });

    it('credits the outbid bidder, who withdraws exactly that once', async () => {
      const { house, alice, bob } = await load.liveAuction();
      await house.write.bid([1n, RESERVE], { account: alice.account, value: RESERVE });
      const second = RESERVE + parseEther('0.05');
      await viem.assertions.emitWithArgs(house.write.bid([1n, second], { account: bob.account, value: second }), house, 'RefundCredited', [alice.account.address, 1n, RESERVE]);
      assert.equal(await house.read.pendingReturns([alice.account.address]), RESERVE);
      await viem.assertions.balancesHaveChanged(house.write.withdraw({ account: alice.account }), [
        { address: alice.account.address, amount: RESERVE },
        { address: house.address, amount: -RESERVE },
      ]);
      assert.equal(await house.read.pendingReturns([alice.account.address]), 0n);
      await viem.assertions.revertWithCustomError(house.write.withdraw({ account: alice.account }), house, 'NothingToWithdraw');
    });

    it('lets an outbid bidder send the refund elsewhere with withdrawTo', async () => {
      const { house, alice, bob, carol } = await load.liveAuction();
      await house.write.bid([1n, RESERVE], { account: alice.account, value: RESERVE });
      await house.write.bid([1n, RESERVE * 2n], { account: bob.account, value: RESERVE * 2n });
      await viem.assertions.emitWithArgs(house.write.withdrawTo([carol.account.address], { account: alice.account }), house, 'Withdrawn', [alice.account.address, carol.account.address, RESERVE]);
    });

    it('extends the end inside the time buffer and says so', async () => {
      const { house, alice, bob } = await load.liveAuction();
      await house.write.bid([1n, RESERVE], { account: alice.account, value: RESERVE });
      const { endTime } = await house.read.getAuction([1n]);
      await time.setNextBlockTimestamp(endTime - 60n);
      const hash = await house.write.bid([1n, RESERVE * 2n], { account: bob.account, value: RESERVE * 2n });
      const extendedEnd = endTime - 60n + TIME_BUFFER;
      await viem.assertions.emitWithArgs(Promise.resolve(hash), house, 'AuctionExtended', [1n, extendedEnd]);
      await viem.assertions.emitWithArgs(Promise.resolve(hash), house, 'AuctionBid', [1n, bob.account.address, RESERVE * 2n, true]);
      assert.equal((await house.read.getAuction([1n])).endTime, extendedEnd);
    });

    it('does not extend outside the time buffer', async () => {
      const { house, alice } = await load.liveAuction();
      const { endTime } = await house.read.getAuction([1n]);
      await time.setNextBlockTimestamp(endTime - TIME_BUFFER);
      await viem.assertions.emitWithArgs(house.write.bid([1n, RESERVE], { account: alice.account, value: RESERVE }), house, 'AuctionBid', [1n, alice.account.address, RESERVE, false]);
      assert.equal((await house.read.getAuction([1n])).endTime, endTime);
    });

    it('follows a new minimum increment set by the owner', async () => {
      const { house, alice, bob } = await load.liveAuction();
      const increment = parseEther('0.01');
      await viem.assertions.emitWithArgs(house.write.setMinBidIncrement([increment]), house, 'MinBidIncrementUpdated', [increment]);
      await house.write.bid([1n, RESERVE], { account: alice.account, value: RESERVE });
      await viem.assertions.revertWithCustomError(house.write.bid([1n, RESERVE + MIN_INCREMENT], { account: bob.account, value: RESERVE + MIN_INCREMENT }), house, 'BidBelowMinimum');
    });
  });

  describe('cancel', () => {
    it('returns the NFT to the seller before any bid, and the auction reads as gone', async () => {
      const { house, nft, seller, tokenId } = await load.liveAuction();
      await viem.assertions.emitWithArgs(house.write.cancel([1n], { account: seller.account }), house, 'AuctionCancelled', [1n]);
      assertSameAddress(await nft.read.ownerOf([tokenId]), seller.account.address);
      assertSameAddress((await house.read.getAuction([1n])).seller, ZERO_ADDRESS);
      await viem.assertions.revertWithCustomError(house.write.end([1n]), house, 'AuctionNotFound');
    });

    it('works on a created, unstarted auction and for the owner; not for others', async () => {
      const { house, alice } = await load.createdAuction();
      await viem.assertions.revertWithCustomError(house.write.cancel([1n], { account: alice.account }), house, 'NotSellerOrOwner');
      await house.write.cancel([1n]);
    });

    it('reverts once there is a bid', async () => {
      const { house, seller, alice } = await load.liveAuction();
      await house.write.bid([1n, RESERVE], { account: alice.account, value: RESERVE });
      await viem.assertions.revertWithCustomError(house.write.cancel([1n], { account: seller.account }), house, 'AuctionHasBids');
    });
  });

  describe('end', () => {
    it('reverts before the end time and before the start', async () => {
      const { house } = await load.createdAuction();
      await viem.assertions.revertWithCustomError(house.write.end([1n]), house, 'AuctionNotStarted');
      await house.write.start([1n]);
      await viem.assertions.revertWithCustomError(house.write.end([1n]), house, 'AuctionNotOver');
    });

    it('sends the NFT to the winner, the fee to the treasury and the rest to the seller', async () => {
      const { house, nft, seller, alice, bob, treasury, tokenId } = await load.liveAuction();
      const winning = parseEther('1.2345');
      await house.write.bid([1n, RESERVE], { account: alice.account, value: RESERVE });
      await house.write.bid([1n, winning], { account: bob.account, value: winning });
      await time.increase(DURATION_MINUTES * 60n);
      const fee = (winning * BigInt(FEE_BPS)) / 10_000n;
      // The owner account settles, so seller and treasury balances move by exactly their shares.
      const hash = house.write.end([1n]);
      await viem.assertions.balancesHaveChanged(hash, [
        { address: seller.account.address, amount: winning - fee },
        { address: treasury.account.address, amount: fee },
        { address: house.address, amount: -winning },
      ]);
      await viem.assertions.emitWithArgs(hash, house, 'AuctionSettled', [1n, bob.account.address, winning, fee, 0n]);
      assertSameAddress(await nft.read.ownerOf([tokenId]), bob.account.address);
      assert.equal((await house.read.getAuction([1n])).ended, true);
      // The outbid bidder's refund is untouched by settlement.
      assert.equal(await house.read.pendingReturns([alice.account.address]), RESERVE);
    });

    it('reverts the second time', async () => {
      const { house, alice } = await load.liveAuction();
      await house.write.bid([1n, RESERVE], { account: alice.account, value: RESERVE });
      await time.increase(DURATION_MINUTES * 60n);
      await house.write.end([1n], { account: alice.account });
      await viem.assertions.revertWithCustomError(house.write.end([1n]), house, 'AuctionAlreadySettled');
      await viem.assertions.revertWithCustomError(house.write.cancel([1n]), house, 'AuctionAlreadySettled');
    });

    it('returns the NFT to the seller when nobody met the reserve', async () => {
      const { house, nft, seller, tokenId } = await load.liveAuction();
      await time.increase(DURATION_MINUTES * 60n);
      await viem.assertions.emitWithArgs(house.write.end([1n]), house, 'AuctionSettled', [1n, ZERO_ADDRESS, 0n, 0n, 0n]);
      assertSameAddress(await nft.read.ownerOf([tokenId]), seller.account.address);
    });
  });

  describe('owner settings', () => {
    it('are owner-only and bounded', async () => {
      const { house, alice, treasury } = await load.deployed();
      const asAlice = { account: alice.account };
      for (const call of [house.write.setFeeBps([100], asAlice), house.write.setTreasury([alice.account.address], asAlice), house.write.setMinBidIncrement([1n], asAlice)]) {
        await viem.assertions.revertWithCustomError(call, house, 'OwnableUnauthorizedAccount');
      }
      await viem.assertions.revertWithCustomErrorWithArgs(house.write.setFeeBps([1_001]), house, 'FeeTooHigh', [1_001n]);
      await viem.assertions.revertWithCustomError(house.write.setTreasury([ZERO_ADDRESS]), house, 'InvalidTreasury');
      await viem.assertions.revertWithCustomError(house.write.setTreasury([house.address]), house, 'InvalidTreasury');
      await viem.assertions.revertWithCustomError(house.write.setMinBidIncrement([0n]), house, 'ZeroMinBidIncrement');
      await house.write.setFeeBps([1_000]);
      await house.write.setTreasury([alice.account.address]);
      assert.equal(await house.read.feeBps(), 1_000);
      assertSameAddress(await house.read.treasury(), alice.account.address);
      assert.notEqual(treasury.account.address, alice.account.address);
    });
  });
});
