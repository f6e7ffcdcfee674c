/** The offer checks' view of the chain through Esplora: an output's amount and script, and whether it is spent. */
import { EsploraError, type EsploraClient } from '../esplora.ts';
import type { ChainView } from './validate.ts';

export function esploraChainView(esplora: EsploraClient): ChainView {
  return {
    async output(txid, vout) {
      try {
        const tx = await esplora.tx(txid);
        const out = tx.vout[vout];
        if (!out) return null;
        const { spent } = await esplora.outspend(txid, vout);
        return { value: out.value, script: out.scriptpubkey, spent };
      } catch (error) {
        if (error instanceof EsploraError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
  };
}
