import { startBitcoinStandIn } from '../../scripts/stand-ins/bitcoin/index.ts';
import { devClient } from './bitcoin-wallet.ts';
import { startApiForTest } from './stack.ts';

/**
 * The Bitcoin stand-in (regtest, blocks only on demand) and the api with its worker on it, for tests of
 * BTC lots and inscriptions; `env` adds the job timings a test needs.
 */
export async function startBitcoinStack(env: Record<string, string> = {}) {
  const btc = await startBitcoinStandIn({ port: 0, network: 'regtest', blockIntervalMs: 0 });
  try {
    const api = await startApiForTest({
      seed: 'none',
      worker: true,
      env: { BITCOIN_NETWORK: 'regtest', BITCOIN_ESPLORA_URL: btc.esploraUrl, ORD_URL: btc.ordUrl, ...env },
    });
    return {
      api,
      btc,
      dev: devClient(btc.url),
      stop: async () => {
        await api.stop();
        await btc.close();
      },
    };
  } catch (error) {
    await btc.close();
    throw error;
  }
}
