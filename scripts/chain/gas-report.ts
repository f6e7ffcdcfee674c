// Gas report for one auction's life on a throwaway anvil, compared with Nouns AuctionHouse V2.
//   bash scripts/with-node22.sh node --import tsx scripts/chain/gas-report.ts
// `main()` is exported for the benchmark runner; it returns the measurements and prints the table.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { formatGasReport, measureAuctionGas, type GasMeasurements } from '../../contracts/testing/gas-scenario.ts';
import { ANVIL_PRIVATE_KEYS, startAnvil } from './anvil.ts';
import { deployGavel, gavelClients } from './deploy.ts';
import { freePort } from '../free-port.ts';

export async function main({ print = true }: { print?: boolean } = {}): Promise<GasMeasurements> {
  // Its own anvil on a free port, so the report never disturbs (or is disturbed by) a running `npm start`.
  const anvil = await startAnvil({ port: await freePort() });
  try {
    // A treasury that is not the settler, so the fee payout pays for a cold account as it would in production.
    const treasury = privateKeyToAccount(ANVIL_PRIVATE_KEYS[9]).address;
    const deployment = await deployGavel({ rpcUrl: anvil.rpcUrl, treasury, writeRecord: false });
    const testClient = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) });
    const clients = await Promise.all([0, 1, 2, 3].map((i) => gavelClients(anvil.rpcUrl, ANVIL_PRIVATE_KEYS[i])));
    const [minter, seller, firstBidder, secondBidder] = clients.map((c) => c.walletClient);
    const { publicClient } = clients[0]!;
    const gas = await measureAuctionGas({
      publicClient,
      minter: minter!,
      seller: seller!,
      firstBidder: firstBidder!,
      secondBidder: secondBidder!,
      nft: deployment.nft,
      house: deployment.auctionHouse,
      advanceTime: async (seconds) => {
        await testClient.increaseTime({ seconds });
        await testClient.mine({ blocks: 1 });
      },
    });
    if (print) {
      console.log('GavelAuctionHouse gas (anvil; receipt gasUsed, calldata included)\n');
      console.log(formatGasReport(gas));
    }
    return gas;
  } finally {
    await anvil.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
