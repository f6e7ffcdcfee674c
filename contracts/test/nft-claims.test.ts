// An NFT the collection will not deliver at `end` waits in the house for whoever may claim it: the winner (who
// then pays), or the seller once the winner's claim has expired. Hostile and unlucky cases: a winner contract
// that refuses ERC-721 tokens, a stranger, a second claim, a collection that stays frozen.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseEventLogs, type Address, type Hash } from 'viem';
import { DURATION_MINUTES, FEE_BPS, RESERVE, TIME_BUFFER, ZERO_ADDRESS, assertSameAddress, connectGavel, type GavelEnv } from '../testing/fixtures.ts';

const { viem, networkHelpers, load } = await connectGavel();
const { time } = networkHelpers;
const TOKEN = 7n;
const FEE = (RESERVE * BigInt(FEE_BPS)) / 10_000n;

/**
 * Auction 1 sells token 7 of a FreezableNFT, won at the reserve by alice or, with `actorWinner`, by a contract
 * without `onERC721Received` (which that collection checks); `frozen` freezes the collection before the end.
 * Time is past the end, nobody has called `end` yet.
 */
async function wonAuction({ actorWinner = false, frozen = false } = {}) {
  const env = await load.deployed();
  const collection = await viem.deployContract('FreezableNFT');
  await collection.write.mint([env.seller.account.address, TOKEN]);
  await collection.write.approve([env.house.address, TOKEN], { account: env.seller.account });
  await env.house.write.create([collection.address, TOKEN, RESERVE, DURATION_MINUTES, TIME_BUFFER], {
    account: env.seller.account,
  });
  await env.house.write.start([1n], { account: env.seller.account });
  const actor = await viem.deployContract('TestActor', [env.house.address]);
  if (actorWinner) await actor.write.bid([1n, RESERVE], { value: RESERVE });
  else await env.house.write.bid([1n, RESERVE], { account: env.alice.account, value: RESERVE });
  if (frozen) await collection.write.setFrozen([true]);
  await time.increase(DURATION_MINUTES * 60n);
  const winner: Address = actorWinner ? actor.address : env.alice.account.address;
  return { ...env, collection, actor, winner };
}

/** The names of the auction house's events in a transaction, in order. */
async function houseEvents(env: Pick<GavelEnv, 'publicClient' | 'house'>, hash: Hash): Promise<string[]> {
  const receipt = await env.publicClient.waitForTransactionReceipt({ hash });
  const logs = receipt.logs.filter((log) => log.address.toLowerCase() === env.house.address.toLowerCase());
  return parseEventLogs({ abi: env.house.abi, logs }).map((log) => log.eventName);
}

async function houseBalance(env: Pick<GavelEnv, 'publicClient' | 'house'>): Promise<bigint> {
  return env.publicClient.getBalance({ address: env.house.address });
}

describe('NFT claims', () => {
  it('a winner contract that refuses ERC-721 at end claims to another address, and the sale completes then', async () => {
    const env = await wonAuction({ actorWinner: true });
    const endHash = await env.house.write.end([1n]);
    assert.deepEqual(await houseEvents(env, endHash), ['NftTransferFailed']);
    assertSameAddress(await env.house.read.nftClaimant([1n]), env.actor.address);
    assertSameAddress(await env.collection.read.ownerOf([TOKEN]), env.house.address);
    assert.equal(await houseBalance(env), RESERVE);

    const claim = env.actor.write.claimNft([1n, env.carol.account.address]);
    await viem.assertions.balancesHaveChanged(claim, [
      { address: env.seller.account.address, amount: RESERVE - FEE },
      { address: env.treasury.account.address, amount: FEE },
    ]);
    await viem.assertions.emitWithArgs(claim, env.house, 'NftClaimed', [1n, env.actor.address, env.carol.account.address]);
    await viem.assertions.emitWithArgs(claim, env.house, 'AuctionSettled', [1n, env.actor.address, RESERVE, FEE, 0n]);
    assertSameAddress(await env.collection.read.ownerOf([TOKEN]), env.carol.account.address);
    assert.equal(await env.house.read.nftClaimant([1n]), ZERO_ADDRESS);
    assert.equal(await houseBalance(env), 0n);
  });

  it('a stranger cannot claim, and a second claim is refused', async () => {
    const env = await wonAuction({ frozen: true });
    await env.house.write.end([1n]);
    await env.collection.write.setFrozen([false]);
    await viem.assertions.revertWithCustomErrorWithArgs(env.house.write.claimNft([1n, env.bob.account.address], { account: env.bob.account }), env.house, 'NotNftClaimant', [
      env.bob.account.address,
      env.alice.account.address,
    ]);
    // Not even the seller, while the winner's claim stands.
    await viem.assertions.revertWithCustomError(env.house.write.claimNft([1n, env.seller.account.address], { account: env.seller.account }), env.house, 'NotNftClaimant');
    await env.house.write.claimNft([1n, env.alice.account.address], { account: env.alice.account });
    assertSameAddress(await env.collection.read.ownerOf([TOKEN]), env.alice.account.address);
    await viem.assertions.revertWithCustomErrorWithArgs(env.house.write.claimNft([1n, env.alice.account.address], { account: env.alice.account }), env.house, 'NoNftClaim', [1n]);
    await viem.assertions.revertWithCustomErrorWithArgs(env.house.write.expireNftClaim([1n]), env.house, 'NoNftClaim', [1n]);
  });

  it('a claim while the collection is still frozen reverts and changes nothing', async () => {
    const env = await wonAuction({ frozen: true });
    await env.house.write.end([1n]);
    await viem.assertions.revertWithCustomError(env.house.write.claimNft([1n, env.alice.account.address], { account: env.alice.account }), env.collection, 'Frozen');
    await viem.assertions.revertWithCustomError(env.house.write.claimNft([1n, ZERO_ADDRESS], { account: env.alice.account }), env.house, 'ZeroAddress');
    assertSameAddress(await env.house.read.nftClaimant([1n]), env.alice.account.address);
    assert.equal(await houseBalance(env), RESERVE);
  });

  it("after the claim period the seller takes the NFT back and the winner's bid is credited back", async () => {
    const env = await wonAuction({ actorWinner: true });
    await env.house.write.end([1n]);
    const { endTime } = await env.house.read.getAuction([1n]);
    const expiresAt = endTime + (await env.house.read.NFT_CLAIM_PERIOD());
    await viem.assertions.revertWithCustomErrorWithArgs(env.house.write.expireNftClaim([1n], { account: env.seller.account }), env.house, 'NftClaimNotExpired', [1n, expiresAt]);

    await time.increaseTo(expiresAt);
    const expire = env.house.write.expireNftClaim([1n], { account: env.seller.account });
    await viem.assertions.emitWithArgs(expire, env.house, 'NftClaimExpired', [1n, env.actor.address]);
    await viem.assertions.emitWithArgs(expire, env.house, 'RefundCredited', [env.actor.address, 1n, RESERVE]);
    await viem.assertions.emitWithArgs(expire, env.house, 'AuctionSettled', [1n, ZERO_ADDRESS, 0n, 0n, 0n]);
    assertSameAddress(await env.collection.read.ownerOf([TOKEN]), env.seller.account.address);
    assert.equal(await env.house.read.nftClaimant([1n]), ZERO_ADDRESS);
    await viem.assertions.revertWithCustomError(env.actor.write.claimNft([1n, env.carol.account.address]), env.house, 'NoNftClaim');

    await viem.assertions.balancesHaveChanged(env.actor.write.withdrawTo([env.carol.account.address]), [{ address: env.carol.account.address, amount: RESERVE }]);
    assert.equal(await houseBalance(env), 0n);
  });

  it('a collection frozen for good: the winner recovers the bid, and the NFT waits for the seller', async () => {
    const env = await wonAuction({ frozen: true });
    await env.house.write.end([1n]);
    await time.increase(await env.house.read.NFT_CLAIM_PERIOD());
    const expire = env.house.write.expireNftClaim([1n], { account: env.alice.account });
    await viem.assertions.emitWithArgs(expire, env.house, 'NftTransferFailed', [1n, env.seller.account.address]);
    assert.equal(await env.house.read.pendingReturns([env.alice.account.address]), RESERVE);
    assertSameAddress(await env.house.read.nftClaimant([1n]), env.seller.account.address);

    await env.collection.write.setFrozen([false]);
    await viem.assertions.revertWithCustomError(env.house.write.claimNft([1n, env.alice.account.address], { account: env.alice.account }), env.house, 'NotNftClaimant');
    const claim = env.house.write.claimNft([1n, env.seller.account.address], { account: env.seller.account });
    await viem.assertions.balancesHaveChanged(claim, [{ address: env.treasury.account.address, amount: 0n }]);
    assertSameAddress(await env.collection.read.ownerOf([TOKEN]), env.seller.account.address);
    assert.equal(await houseBalance(env), RESERVE); // alice's credit, hers to withdraw
  });

  it('an auction without bids whose NFT cannot go back at end waits for the seller', async () => {
    const env = await load.deployed();
    const collection = await viem.deployContract('FreezableNFT');
    await collection.write.mint([env.seller.account.address, TOKEN]);
    await collection.write.approve([env.house.address, TOKEN], { account: env.seller.account });
    await env.house.write.create([collection.address, TOKEN, RESERVE, DURATION_MINUTES, TIME_BUFFER], {
      account: env.seller.account,
    });
    await env.house.write.start([1n], { account: env.seller.account });
    await collection.write.setFrozen([true]);
    await time.increase(DURATION_MINUTES * 60n);
    const end = await env.house.write.end([1n]);
    assert.deepEqual(await houseEvents(env, end), ['AuctionSettled', 'NftTransferFailed']);
    assertSameAddress(await env.house.read.nftClaimant([1n]), env.seller.account.address);
    await viem.assertions.revertWithCustomError(env.house.write.expireNftClaim([1n]), env.house, 'NoNftClaim');

    await collection.write.setFrozen([false]);
    await env.house.write.claimNft([1n, env.seller.account.address], { account: env.seller.account });
    assertSameAddress(await collection.read.ownerOf([TOKEN]), env.seller.account.address);
  });
});
