import { createRequire } from "node:module";
import hardhatToolboxViem from "@nomicfoundation/hardhat-toolbox-viem";
import { defineConfig } from "hardhat/config";

// The compiler comes from the pinned `solc` npm package: these machines cannot download solc builds.
const solcJs = createRequire(import.meta.url).resolve("solc/soljson.js");
const compiler = {
  version: "0.8.28",
  path: solcJs,
  settings: { optimizer: { enabled: true, runs: 10_000 }, evmVersion: "cancun" },
};

export default defineConfig({
  plugins: [hardhatToolboxViem],
  solidity: {
    profiles: { default: compiler, production: compiler },
  },
  paths: {
    sources: "contracts/src",
    tests: { nodejs: "contracts/test", solidity: "contracts/test-sol" },
    artifacts: "artifacts",
    cache: "cache",
  },
  networks: {
    // In-process chain for tests and the gas report.
    default: { type: "edr-simulated", chainType: "l1" },
  },
});
