// One auction's life, measured: contracts/test/gas.test.ts asserts on it, scripts/chain/gas-report.ts prints it.
// Works on any chain the caller provides clients for (Hardhat's in-process network or anvil).
import { parseEther, type Account, type Address, type Chain, type Hash, type PublicClient, type Transport, type WalletClient } from 'viem';
import { gavelAuctionHouseAbi, gavelNftAbi } from '../generated/abis.ts';

/** Nouns AuctionHouse V2's published figures, which exclude the 21,000 intrinsic gas of a transaction. */
export const NOUNS_V2 = { firstBid: 34_919n, twoBids: 93_402n } as const;
export const BASE_TX_GAS = 21_000n;

type Signer = WalletClient<Transport, Chain, Account>;

export interface GasScenarioInput {
  publicClient: Pick<PublicClient, 'waitForTransactionReceipt'>;
  /** Mints (must be the NFT's minter), seller, first bidder, second bidder. */
  minter: Signer;
  seller: Signer;
  firstBidder: Signer;
  secondBidder: Signer;
  nft: Address;
  house: Address;
  advanceTime: (seconds: number) => Promise<void>;
}

/** Total gas used (receipt.gasUsed, 21,000 included) by each step. */
export interface GasMeasurements {
  create: bigint;
  start: bigint;
  firstBid: bigint;
  secondBid: bigint;
  end: bigint;
  withdraw: bigint;
}

export async function measureAuctionGas(input: GasScenarioInput): Promise<GasMeasurements> {
  const { publicClient, minter, seller, firstBidder, secondBidder } = input;
  const nft = { address: input.nft, abi: gavelNftAbi } as const;
  const house = { address: input.house, abi: gavelAuctionHouseAbi } as const;
  const gasOf = async (hash: Hash) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
    return receipt;
  };

  const minted = await gasOf(await minter.writeContract({ ...nft, functionName: 'cardMint', args: [seller.account.address, 'ipfs://gas'] }));
  // Minted(tokenId indexed, ...): the id is the first indexed topic of the NFT's last log.
  const tokenId = BigInt(minted.logs.at(-1)!.topics[1]!);
  await gasOf(await seller.writeContract({ ...nft, functionName: 'approve', args: [house.address, tokenId] }));

  const reserve = parseEther('0.1');
  const create = await gasOf(await seller.writeContract({ ...house, functionName: 'create', args: [nft.address, tokenId, reserve, 60n, 300n] }));
  const auctionId = BigInt(create.logs.find((log) => log.address.toLowerCase() === house.address.toLowerCase())!.topics[1]!);
  const start = await gasOf(await seller.writeContract({ ...house, functionName: 'start', args: [auctionId] }));

  const firstBid = await gasOf(await firstBidder.writeContract({ ...house, functionName: 'bid', args: [auctionId, reserve], value: reserve }));
  const second = parseEther('0.2');
  const secondBid = await gasOf(await secondBidder.writeContract({ ...house, functionName: 'bid', args: [auctionId, second], value: second }));
  await input.advanceTime(3_600);
  const end = await gasOf(await minter.writeContract({ ...house, functionName: 'end', args: [auctionId] }));
  const withdraw = await gasOf(await firstBidder.writeContract({ ...house, functionName: 'withdraw' }));

  return {
    create: create.gasUsed,
    start: start.gasUsed,
    firstBid: firstBid.gasUsed,
    secondBid: secondBid.gasUsed,
    end: end.gasUsed,
    withdraw: withdraw.gasUsed,
  };
}

/** The report table: total gas, gas without the 21,000 base, and the Nouns V2 comparison. */
export function formatGasReport(gas: GasMeasurements): string {
  const net = (total: bigint) => total - BASE_TX_GAS;
  const twoBids = net(gas.firstBid) + net(gas.secondBid);
  const ratio = (ours: bigint, theirs: bigint) => `${((Number(ours) / Number(theirs)) * 100).toFixed(1)}%`;
  const rows: Array<[string, bigint, string]> = [
    ['create (escrow NFT)', gas.create, ''],
    ['start', gas.start, ''],
    ['first bid', gas.firstBid, `${NOUNS_V2.firstBid} (${ratio(net(gas.firstBid), NOUNS_V2.firstBid)})`],
    ['second bid (+ refund credit)', gas.secondBid, ''],
    ['two bids', gas.firstBid + gas.secondBid, `${NOUNS_V2.twoBids} (${ratio(twoBids, NOUNS_V2.twoBids)})`],
    ['end (NFT + fee + proceeds)', gas.end, ''],
    ['withdraw (refund)', gas.withdraw, ''],
  ];
  const lines = [
    '| operation | gas used | without 21,000 base | Nouns V2 (without base) (ours as % of theirs) |',
    '|---|---:|---:|---|',
    ...rows.map(([name, total, nouns]) => {
      const base = name === 'two bids' ? 2n * BASE_TX_GAS : BASE_TX_GAS;
      return `| ${name} | ${total} | ${total - base} | ${nouns} |`;
    }),
  ];
  return lines.join('\n');
}
