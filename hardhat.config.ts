import { createRequire } from 'node:module';
import hardhatToolboxViem from '@nomicfoundation/hardhat-toolbox-viem';
import { defineConfig } from 'hardhat/config';

// The compiler comes from the pinned `solc` npm package: these machines cannot download solc builds.
const compiler = {
  version: '0.8.28',
  path: createRequire(import.meta.url).resolve('solc/soljson.js'),
  // Many runs: bids are called far more often than the contracts are deployed. Cancun for transient storage
  // (OpenZeppelin's ReentrancyGuardTransient; solc warns about tstore on every build, expected).
  settings: { optimizer: { enabled: true, runs: 10_000 }, evmVersion: 'cancun' },
};

export default defineConfig({
  plugins: [hardhatToolboxViem],
  solidity: {
    profiles: { default: compiler, production: compiler },
  },
  paths: {
    sources: 'contracts/src',
    tests: {
      // `npx hardhat test nodejs` runs every file here.
      nodejs: 'contracts/test',
      // No Solidity tests (forge-std is not installable here); pointed away from the root test/ folder.
      solidity: 'contracts/test-sol',
    },
  },
});
