/**
 * The one chain Gavel's contracts live on (the spec: "configured for one chain only"), from the build's config:
 * VITE_CHAIN_ID (default 31337, the local anvil) and VITE_RPC_URL (default `/rpc` on the dapp's own origin,
 * which the dev and preview servers proxy to the node, as they proxy `/api`).
 */
import { defineChain, type Chain } from 'viem';
import { anvil, baseSepolia, sepolia } from 'viem/chains';
import { getDeployment, type GavelDeployment } from '@gavel/contracts';
import { fill } from '@gavel/domain';
import { walletMessages } from '@gavel/domain/wallet-rules';

const KNOWN: Record<number, Chain> = { [anvil.id]: anvil, [sepolia.id]: sepolia, [baseSepolia.id]: baseSepolia };

import { CHAIN_ID } from '../chain-id.ts';

export { CHAIN_ID };

export function rpcUrl(): string {
  const configured = import.meta.env.VITE_RPC_URL || '/rpc';
  return new URL(configured, window.location.origin).toString();
}

export function gavelChain(): Chain {
  const known = KNOWN[CHAIN_ID];
  const url = rpcUrl();
  return known
    ? { ...known, rpcUrls: { default: { http: [url] } } }
    : defineChain({ id: CHAIN_ID, name: `Chain ${CHAIN_ID}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } });
}

/** Gavel's contracts on `chainId`, or the spec's "Auction contract not deployed on chain {id}". */
export function deploymentOn(chainId: number): GavelDeployment {
  const deployment = getDeployment(chainId);
  if (!deployment) throw new Error(fill(walletMessages.notDeployed, { id: String(chainId) }));
  return deployment;
}
