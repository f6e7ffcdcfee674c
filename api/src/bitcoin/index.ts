/** Bitcoin access for the api: Esplora and ord clients built from the config, and the network they serve. */
import type { BitcoinConfig } from './config.ts';
import { EsploraClient } from './esplora.ts';
import { OrdClient } from './ord.ts';
import { CircuitBreaker } from '../health/breaker.ts';

export { EsploraClient, EsploraError } from './esplora.ts';
export type { AddressUtxo, TxStatus, RecommendedFees, Outspend, EsploraTx } from './esplora.ts';
export { OrdClient, OrdError, parseSatpoint } from './ord.ts';
export type { OrdOutput, OrdInscription } from './ord.ts';
export type { BitcoinConfig } from './config.ts';

export interface BitcoinAccess {
  network: BitcoinConfig['network'];
  esplora: EsploraClient;
  ord: OrdClient;
}

/** `report`: where the clients' circuit breakers tell of Esplora or ord going down and coming back (the health monitor). */
export function createBitcoinAccess(config: Pick<BitcoinConfig, 'network' | 'esploraUrl' | 'ordUrl' | 'timeoutMs'>, report?: (dependency: string, failure: string | null) => void): BitcoinAccess {
  return {
    network: config.network,
    esplora: new EsploraClient({ baseUrl: config.esploraUrl, timeoutMs: config.timeoutMs, ...(report && { breaker: new CircuitBreaker('esplora', report) }) }),
    ord: new OrdClient({ baseUrl: config.ordUrl, timeoutMs: config.timeoutMs, ...(report && { breaker: new CircuitBreaker('ord', report) }) }),
  };
}
