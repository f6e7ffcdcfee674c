/**
 * Which lots a buyer won and which a seller sells, one rule each for the wallet-address lists
 * (GET /auctions/won/:address, GET /auctions/seller/:address) and the signed-in user's own (GET /me/won,
 * GET /me/sales). A lot through Gavel is won by its recorded winner (the user, or the wallet the close
 * recorded); an auction on the auction house by the wallet the chain names, or by the user whose card bid the
 * relayer placed and won. A lot is sold by its seller address's owner and by its creator.
 */
import type { Prisma } from '../generated/prisma/client.ts';
import type { LotListDeps } from './lot-page.ts';
import { unavailable } from '../chain/index.ts';
import { auctionIdsWonBy } from '../chain/reads.ts';
import { anyCase, isEvmAddress } from '../wallet/linked.ts';
import { publicLotWhere } from '../lots/public-lot.ts';

export async function wonWhere(services: Pick<LotListDeps, 'db' | 'chain'>, who: { userId?: string; addresses: string[] }): Promise<Prisma.LotWhereInput> {
  const { chain, db } = services;
  const house = chain.auctionHouse;
  const evm = who.addresses.filter(isEvmAddress).map((address) => address.toLowerCase());
  const now = Math.floor(Date.now() / 1000);
  const [onChain, relayed] = await Promise.all([
    house ? Promise.all(evm.map((address) => auctionIdsWonBy(chain.ponder, address, now))).catch(unavailable) : [],
    who.userId ? db.prisma.relayedBid.findMany({ where: { userId: who.userId, status: { in: ['won', 'custody', 'delivered'] } }, select: { lotId: true } }) : [],
  ]);
  const wonOnChain = [...new Set(onChain.flat())];
  return {
    ...publicLotWhere,
    OR: [
      ...(who.userId ? [{ chainAuctionId: null, winnerId: who.userId }] : []),
      ...(who.addresses.length ? [{ chainAuctionId: null, winnerWalletAddress: { in: who.addresses, mode: 'insensitive' as const } }] : []),
      ...(wonOnChain.length && house ? [{ chainAuctionId: { in: wonOnChain }, auctionContractAddress: anyCase(house) }] : []),
      ...(relayed.length ? [{ id: { in: relayed.map((r) => r.lotId) } }] : []),
    ],
  };
}

/** `creatorIds`: the users who created the lot (the signed-in seller, or whoever linked the address). */
export function soldWhere(who: { creatorIds: string[]; addresses: string[] }): Prisma.LotWhereInput {
  return {
    ...publicLotWhere,
    OR: [...(who.addresses.length ? [{ sellerWalletAddress: { in: who.addresses, mode: 'insensitive' as const } }] : []), ...(who.creatorIds.length ? [{ creatorId: { in: who.creatorIds } }] : [])],
  };
}
