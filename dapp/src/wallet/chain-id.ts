/** The configured chain id without loading viem: the SIWE challenge names it (chain-config.ts has the chain itself). */
export const CHAIN_ID = Number(import.meta.env.VITE_CHAIN_ID || 31337);
