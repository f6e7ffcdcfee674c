import { vaultBidsRequired } from '@gavel/domain/binding-bids';
import { chargesAnything, formatAmount, gatewayUrl, percentText, rateTableToWire, lotPremiumTable, settlementOf, shownStatus, unitFor, type Lot } from '@gavel/domain';
import { lotTaxTable } from '../house/rates.ts';
import type { Prisma as P } from '../generated/prisma/client.ts';
import { sanitizeRichText } from '../content/sanitize.ts';
import { fullNameOf } from '../auth/user-name.ts';

/** What every lot reply loads alongside the lot itself. */
export const lotInclude = {
  auctionEvent: { select: { id: true, title: true, slug: true, startTime: true, endTime: true, vaultBidsRequired: true, buyerPremium: true, buyerTax: true } },
  winner: { select: { firstName: true, lastName: true, name: true } },
} satisfies P.LotInclude;

export type LotRow = P.LotGetPayload<{ include: typeof lotInclude }>;

/**
 * A stored lot as the api shows it: display-unit amounts, the clock's status, the reserve kept secret, and its
 * images through `imageGateway` (config.storage.imageGateway).
 */
export function presentLot(imageGateway: string, row: LotRow, now: Date = new Date()): Lot {
  const unit = unitFor(row.paymentMethod);
  const amount = (value: P.Decimal | null) => (value === null ? null : formatAmount(BigInt(value.toFixed(0)), unit));
  const reserve = row.reservePrice === null ? null : BigInt(row.reservePrice.toFixed(0));
  const current = row.currentBid === null ? null : BigInt(row.currentBid.toFixed(0));
  const winnerName = row.winner ? fullNameOf(row.winner) : null;
  const premium = lotPremiumTable(row, row.auctionEvent.buyerPremium);
  const tax = lotTaxTable(row.paymentMethod, row.auctionEvent.buyerTax);
  return {
    _id: row.id,
    lotId: row.id,
    lotNumber: row.lotNumber,
    title: row.title,
    // Cleaned on write too; rows stored before that are cleaned here, as CMS pages are (the SQL migrations cannot run the sanitizer).
    description: sanitizeRichText(row.description),
    status: shownStatus(row, now),
    auctionType: row.auctionType,
    chainType: row.auctionType === 'onchain' ? 'ONCHAIN' : 'OFFCHAIN',
    paymentMethod: row.paymentMethod,
    unit,
    startingBid: amount(row.startingBid)!,
    currentBid: amount(row.currentBid),
    bidCount: row.bidCount,
    hasReserve: reserve !== null && reserve > 0n,
    reserveMet: reserve === null || (current !== null && current >= reserve),
    buyNowEnabled: row.buyNowEnabled,
    ...(row.paymentMethod === 'BTC' ? { vaultBidsRequired: vaultBidsRequired(row, row.auctionEvent), vaultBidsRequiredOwn: row.vaultBidsRequired } : {}),
    ...(chargesAnything(premium) ? { buyerPremium: rateTableToWire(premium, unit) } : {}),
    ...(tax.length ? { buyerTax: tax.map((rate) => ({ country: rate.country, percent: percentText(rate.basisPoints).slice(0, -1), base: rate.base })) } : {}),
    buyNowPrice: row.buyNowEnabled ? amount(row.buyNowPrice) : null,
    estimateLow: amount(row.estimateLow),
    estimateHigh: amount(row.estimateHigh),
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    auctionEventId: row.auctionEventId,
    auction: {
      _id: row.auctionEvent.id,
      title: row.auctionEvent.title,
      slug: row.auctionEvent.slug,
      startTime: row.auctionEvent.startTime.toISOString(),
      endTime: row.auctionEvent.endTime.toISOString(),
    },
    imageUrls: row.imageUrls.map((url) => gatewayUrl(url, imageGateway)),
    inscriptionId: row.inscriptionId,
    contractAddress: row.contractAddress,
    tokenId: row.tokenId?.toFixed(0) ?? null,
    auctionContractAddress: row.auctionContractAddress,
    auctionId: row.chainAuctionId?.toFixed(0) ?? null,
    walletAddress: row.sellerWalletAddress,
    creator: row.creatorId,
    txHash: row.txHash,
    transferTransactionHash: row.transferTransactionHash,
    paid: row.paid,
    transferred: row.transferred,
    winner:
      row.winnerId || row.winnerWalletAddress
        ? {
            name: winnerName,
            firstName: row.winner?.firstName ?? null,
            lastName: row.winner?.lastName ?? null,
            walletAddress: row.winnerWalletAddress,
          }
        : null,
    soldPrice: amount(row.soldPrice),
    // Everything, as staff and signed-in viewers see it; results-privacy.ts withholds the results from others.
    resultsHidden: false,
    createdAt: row.createdAt.toISOString(),
    settlement: settlementOf({ ...row, hasWinner: !!(row.winnerId || row.winnerWalletAddress) }),
  };
}
