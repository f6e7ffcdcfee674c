// Shared set-up for the contract tests: one in-process Hardhat chain per test file, snapshotted fixtures.
import { network } from 'hardhat';
import assert from 'node:assert/strict';
import { getAddress, parseEther, type Address } from 'viem';

export const FEE_BPS = 250; // 2.5%, the spec's platform fee
export const MIN_INCREMENT = parseEther('0.0001'); // the spec's minimum ETH increment
export const MINT_PRICE = parseEther('0.01');
export const RESERVE = parseEther('0.1');
export const DURATION_MINUTES = 60n;
export const TIME_BUFFER = 300n;
export const ZERO_ADDRESS: Address = '0x0000000000000000000000000000000000000000';

/** Address equality regardless of checksum casing (viem reads return checksummed, accounts lower-case). */
export function assertSameAddress(actual: string, expected: string): void {
  assert.equal(getAddress(actual), getAddress(expected));
}

export async function connectGavel() {
  const connection = await network.create();
  const { viem, networkHelpers } = connection;

  async function deployed() {
    const publicClient = await viem.getPublicClient();
    const wallets = await viem.getWalletClients();
    const wallet = (index: number) => {
      const client = wallets[index];
      if (!client) throw new Error(`no wallet client ${index}`);
      return client;
    };
    // Account roles: 0 deploys, owns and mints; 1 sells; 2-5 bid; 9 collects the platform fee.
    const [owner, seller, alice, bob, carol, dave, treasury] = [wallet(0), wallet(1), wallet(2), wallet(3), wallet(4), wallet(5), wallet(9)];
    const nft = await viem.deployContract('GavelNFT', [owner.account.address, owner.account.address, MINT_PRICE, true]);
    const house = await viem.deployContract('GavelAuctionHouse', [owner.account.address, treasury.account.address, FEE_BPS, MIN_INCREMENT]);
    return { publicClient, wallets, owner, seller, alice, bob, carol, dave, treasury, nft, house };
  }

  /** Mints a token to `to` through the relayer path and returns its id. */
  async function mintTo(env: Awaited<ReturnType<typeof deployed>>, to: Address): Promise<bigint> {
    const tokenId = await env.nft.read.nextTokenId();
    await env.nft.write.cardMint([to, `ipfs://demo/${tokenId}.json`]);
    return tokenId;
  }

  /** The seller escrows a fresh token in a created-but-not-started auction. */
  async function createdAuction() {
    const env = await deployed();
    const tokenId = await mintTo(env, env.seller.account.address);
    await env.nft.write.approve([env.house.address, tokenId], { account: env.seller.account });
    await env.house.write.create([env.nft.address, tokenId, RESERVE, DURATION_MINUTES, TIME_BUFFER], {
      account: env.seller.account,
    });
    return { ...env, tokenId, auctionId: 1n };
  }

  /** As `createdAuction`, and started: bidding is open for DURATION_MINUTES. */
  async function liveAuction() {
    const env = await createdAuction();
    await env.house.write.start([env.auctionId], { account: env.seller.account });
    return env;
  }

  return {
    viem,
    networkHelpers,
    mintTo,
    deployed,
    load: {
      deployed: () => networkHelpers.loadFixture(deployed),
      createdAuction: () => networkHelpers.loadFixture(createdAuction),
      liveAuction: () => networkHelpers.loadFixture(liveAuction),
    },
  };
}

export type GavelEnv = Awaited<ReturnType<Awaited<ReturnType<typeof connectGavel>>['load']['deployed']>>;
