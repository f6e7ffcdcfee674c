/**
 * Everything the dapp does with an EVM wallet, on wagmi 2's core actions: connect one of the connect-wallet modal's
 * wallets, sign the ownership challenge, and the spec's contract calls (bid, withdraw, publicMint, approve, and
 * the admin's create / start / end / cancel), each simulated first and awaited to its receipt (120 s).
 * Only reached through a dynamic import, so none of this is in the pages' initial JavaScript.
 */
import { createConfig, http, type Config } from 'wagmi';
import { connect, disconnect, getAccount, readContract, reconnect, signMessage, simulateContract, switchChain, waitForTransactionReceipt, writeContract } from 'wagmi/actions';
import { parseEventLogs, type Address, type Hex } from 'viem';
import { gavelAuctionHouseAbi, gavelNftAbi } from '@gavel/contracts';
import { fill } from '@gavel/domain';
import { RECEIPT_TIMEOUT_MS, sameAddress, walletMessages } from '@gavel/domain/wallet-rules';
import { CHAIN_ID, deploymentOn, gavelChain } from './chain-config.ts';
import { describeEvmError, revertReason, WalletError } from './evm-errors.ts';
import { connectorFor, evmWalletInfo, EVM_WALLETS } from './evm-wallets.ts';

export { describeEvmError, evmWalletInfo, EVM_WALLETS };

let current: { walletId: string; config: Config } | null = null;

/** One wagmi config per wallet in use: only that wallet's connector is set up (WalletConnect's and Base's SDKs stay unloaded otherwise). */
function configFor(walletId: string): Config {
  if (current?.walletId === walletId) return current.config;
  const chain = gavelChain();
  const config = createConfig({
    chains: [chain],
    connectors: [connectorFor(walletId)],
    transports: { [chain.id]: http() },
  });
  current = { walletId, config };
  return config;
}

/**
 * How long WalletConnect may take to reach its relay (it shows its QR code once it has). Offline or blocked, it
 * would otherwise wait for ever with the modal's options greyed out; the modal promises an answer within 10 s.
 */
const RELAY_TIMEOUT_MS = 8_000;

/**
 * The connect request, failing when a relay-based connector (WalletConnect) has not reached its relay in time. A
 * QR code on screen (its `display_uri` message) means the relay answered: the user then takes as long as they need.
 */
async function connectWithin(config: Config, walletId: string) {
  const connector = config.connectors[0]!;
  if (connector.type !== 'walletConnect') return connect(config, { connector, chainId: CHAIN_ID });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onMessage = ({ type }: { type: string }) => {
    if (type === 'display_uri') clearTimeout(timer);
  };
  connector.emitter.on('message', onMessage);
  const unreachable = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // A later attempt starts from a fresh connector rather than the one still waiting for the relay.
      if (current?.walletId === walletId) current = null;
      reject(new WalletError(walletMessages.relayUnreachable));
    }, RELAY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([connect(config, { connector, chainId: CHAIN_ID }), unreachable]);
  } finally {
    clearTimeout(timer);
    connector.emitter.off('message', onMessage);
  }
}

/** Connects the wallet and returns its first account. */
export async function connectEvm(walletId: string): Promise<{ address: Address; name: string }> {
  const info = evmWalletInfo(walletId);
  // An extension wallet that is missing would fall back to WalletConnect's relay: say so now, as for Leather and Xverse.
  if (!info.installed) throw new WalletError(fill(walletMessages.evmMissing, { wallet: info.name }));
  const config = configFor(walletId);
  try {
    const result = await connectWithin(config, walletId);
    const address = result.accounts[0];
    if (!address) throw new WalletError(fill(walletMessages.noEvmAccounts, { wallet: info.name }));
    return { address, name: info.name };
  } catch (error) {
    if ((error as Error).name === 'ConnectorAlreadyConnectedError') return { address: getAccount(config).address!, name: info.name };
    throw error;
  }
}

/**
 * The connected account of `walletId` on this page, reconnecting after a reload (wagmi remembers the connector);
 * on the wrong chain the wallet is asked to switch. `expected` is the address the dapp has on record.
 */
async function session(walletId: string, expected: string): Promise<{ config: Config; account: Address }> {
  const config = configFor(walletId);
  if (getAccount(config).status !== 'connected') await reconnect(config);
  const account = getAccount(config);
  if (account.status !== 'connected' || !account.address) throw new WalletError(walletMessages.ethereumUnavailable);
  if (!sameAddress(account.address, expected)) throw new WalletError(walletMessages.connectFirst);
  if (account.chainId === undefined) throw new WalletError(walletMessages.noNetwork);
  if (account.chainId !== CHAIN_ID) {
    try {
      await switchChain(config, { chainId: CHAIN_ID });
    } catch {
      throw new WalletError(fill(walletMessages.wrongChain, { id: String(CHAIN_ID) }));
    }
  }
  return { config, account: account.address };
}

export async function signWithEvm(walletId: string, address: string, message: string): Promise<Hex> {
  const { config, account } = await session(walletId, address);
  return signMessage(config, { account, message });
}

export async function disconnectEvm(walletId: string): Promise<void> {
  const config = configFor(walletId);
  await disconnect(config).catch(() => {});
}

/**
 * A call is simulated first, so a revert is reported before anything is signed, in the spec's words. Each caller
 * simulates and writes with the ABI's own types (the function's name, its arguments, a payable call's value).
 */
function simulated<Simulation>(simulation: Promise<Simulation>): Promise<Simulation> {
  return simulation.catch((error: unknown) => {
    const reason = revertReason(error);
    if (reason) throw new WalletError(fill(walletMessages.wouldFail, { reason }));
    throw error;
  });
}

/** Waits for a sent transaction to be mined; a revert there is reported in the spec's words too. */
async function mined(config: Config, sent: Promise<Hex>) {
  const hash = await sent;
  const receipt = await waitForTransactionReceipt(config, { hash, timeout: RECEIPT_TIMEOUT_MS }).catch((error: Error) => {
    if (error.name === 'WaitForTransactionReceiptTimeoutError') throw new WalletError(walletMessages.receiptTimeout);
    throw error;
  });
  if (receipt.status !== 'success') throw new WalletError(fill(walletMessages.wouldFail, { reason: 'reverted' }));
  return { hash, receipt };
}

const house = () => ({ address: deploymentOn(CHAIN_ID).auctionHouse, abi: gavelAuctionHouseAbi }) as const;
const nft = () => ({ address: deploymentOn(CHAIN_ID).nft, abi: gavelNftAbi }) as const;

/**
 * GavelAuctionHouse.bid(auctionId, amount), sending the amount and the auction's buyer's premium as the value: the
 * contract says what that is (`bidValue`), so the wallet shows the all-in the bid form stated.
 */
export async function bidOnChain(walletId: string, address: string, auctionId: bigint, amountWei: bigint) {
  const { config, account } = await session(walletId, address);
  const value = await readContract(config, { ...house(), functionName: 'bidValue', args: [auctionId, amountWei] });
  const { request } = await simulated(simulateContract(config, { ...house(), account, functionName: 'bid', args: [auctionId, amountWei], value }));
  return mined(config, writeContract(config, request));
}

/** What the contract holds for this account from outbid bids. */
export async function pendingReturns(walletId: string, address: string): Promise<bigint> {
  const { config, account } = await session(walletId, address);
  return readContract(config, { ...house(), functionName: 'pendingReturns', args: [account] });
}

export async function withdrawOnChain(walletId: string, address: string) {
  const { config, account } = await session(walletId, address);
  const { request } = await simulated(simulateContract(config, { ...house(), account, functionName: 'withdraw' }));
  return mined(config, writeContract(config, request));
}

/** publicMint at the contract's current price; returns the new token id. */
export async function publicMint(walletId: string, address: string, metadataUrl: string) {
  const { config, account } = await session(walletId, address);
  const [active, price] = await Promise.all([readContract(config, { ...nft(), functionName: 'publicMintActive' }), readContract(config, { ...nft(), functionName: 'publicMintPrice' })]);
  if (!active) throw new WalletError(fill(walletMessages.wouldFail, { reason: 'PublicMintInactive' }));
  const { request } = await simulated(simulateContract(config, { ...nft(), account, functionName: 'publicMint', args: [metadataUrl], value: price }));
  const { hash, receipt } = await mined(config, writeContract(config, request));
  const tokenId = parseEventLogs({ abi: gavelNftAbi, eventName: 'Minted', logs: receipt.logs })[0]?.args.tokenId;
  return { hash, tokenId: tokenId ?? null, contractAddress: nft().address };
}

export async function mintPrice(walletId: string, address: string): Promise<bigint> {
  const { config } = await session(walletId, address);
  return readContract(config, { ...nft(), functionName: 'publicMintPrice' });
}

/** approve(auctionHouse, tokenId), only from the token's owner. */
export async function approveForAuction(walletId: string, address: string, tokenId: bigint) {
  const { config, account } = await session(walletId, address);
  const owner = await readContract(config, { ...nft(), functionName: 'ownerOf', args: [tokenId] });
  if (!sameAddress(owner, account)) throw new WalletError(walletMessages.notOwner);
  const approved = await readContract(config, { ...nft(), functionName: 'getApproved', args: [tokenId] });
  if (sameAddress(approved, house().address)) return { hash: null, auctionContractAddress: house().address };
  const { request } = await simulated(simulateContract(config, { ...nft(), account, functionName: 'approve', args: [house().address, tokenId] }));
  const { hash } = await mined(config, writeContract(config, request));
  return { hash, auctionContractAddress: house().address };
}

/** The admin's "create and start": escrows the approved token in a new auction and starts its clock. */
export async function createAndStartAuction(walletId: string, address: string, o: { tokenId: bigint; reserveWei: bigint; durationMinutes: bigint; timeBufferSeconds: bigint }) {
  const { config, account } = await session(walletId, address);
  const create = await simulated(
    simulateContract(config, {
      ...house(),
      account,
      functionName: 'create',
      args: [nft().address, o.tokenId, o.reserveWei, o.durationMinutes, o.timeBufferSeconds],
    }),
  );
  const created = await mined(config, writeContract(config, create.request));
  const auctionId = parseEventLogs({ abi: gavelAuctionHouseAbi, eventName: 'AuctionCreated', logs: created.receipt.logs })[0]!.args.auctionId;
  const start = await simulated(simulateContract(config, { ...house(), account, functionName: 'start', args: [auctionId] }));
  const started = await mined(config, writeContract(config, start.request));
  return { auctionId, createTxHash: created.hash, startTxHash: started.hash, auctionContractAddress: house().address };
}

export async function endAuction(walletId: string, address: string, auctionId: bigint) {
  const { config, account } = await session(walletId, address);
  const { request } = await simulated(simulateContract(config, { ...house(), account, functionName: 'end', args: [auctionId] }));
  return mined(config, writeContract(config, request));
}

export async function cancelAuction(walletId: string, address: string, auctionId: bigint) {
  const { config, account } = await session(walletId, address);
  const { request } = await simulated(simulateContract(config, { ...house(), account, functionName: 'cancel', args: [auctionId] }));
  return mined(config, writeContract(config, request));
}
