// The committed contracts/generated/*.ts must match what the sources compile to, or the api, dapp and indexer
// would talk to the contracts with a stale ABI. Fix: `npx hardhat build && node --import tsx scripts/chain/generate-abis.ts`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import hre from 'hardhat';
import { gavelAuctionHouseAbi, gavelNftAbi } from '../generated/abis.ts';
import { gavelAuctionHouseBytecode, gavelNftBytecode } from '../generated/bytecode.ts';
import { deployments } from '../generated/deployments.ts';

describe('generated TypeScript', () => {
  for (const [name, abi, bytecode] of [
    ['GavelNFT', gavelNftAbi, gavelNftBytecode],
    ['GavelAuctionHouse', gavelAuctionHouseAbi, gavelAuctionHouseBytecode],
  ] as const) {
    it(`${name}: ABI and bytecode match the build`, async () => {
      const artifact = await hre.artifacts.readArtifact(name);
      assert.deepEqual(abi, artifact.abi, `${name} ABI is stale: regenerate contracts/generated`);
      assert.equal(bytecode, artifact.bytecode, `${name} bytecode is stale: regenerate contracts/generated`);
    });
  }

  it('include the anvil deployment', () => {
    assert.equal(deployments[31337].chainId, 31337);
    assert.match(deployments[31337].auctionHouse, /^0x[0-9a-fA-F]{40}$/);
  });
});
