-- Lots that close in turn (an event's first close and interval) and consignments: items users offer for sale, reviewed by admins.
-- CreateEnum
CREATE TYPE "ConsignmentHolding" AS ENUM ('inscription', 'nft', 'offchain');

-- CreateEnum
CREATE TYPE "ConsignmentStatus" AS ENUM ('submitted', 'accepted', 'declined');

-- AlterTable
ALTER TABLE "AuctionEvent" ADD COLUMN     "closeIntervalSeconds" INTEGER,
ADD COLUMN     "firstCloseAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "Consignment" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "imageUrls" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "estimateLowCents" INTEGER,
    "estimateHighCents" INTEGER,
    "holding" "ConsignmentHolding" NOT NULL,
    "inscriptionId" TEXT,
    "contractAddress" TEXT,
    "tokenId" TEXT,
    "status" "ConsignmentStatus" NOT NULL DEFAULT 'submitted',
    "declineReason" TEXT,
    "lotId" TEXT,
    "reviewedById" TEXT,
    "reviewedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Consignment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Consignment_lotId_key" ON "Consignment"("lotId");

-- CreateIndex
CREATE INDEX "Consignment_userId_createdAt_idx" ON "Consignment"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "Consignment_status_createdAt_idx" ON "Consignment"("status", "createdAt");

-- AddForeignKey
ALTER TABLE "Consignment" ADD CONSTRAINT "Consignment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Consignment" ADD CONSTRAINT "Consignment_lotId_fkey" FOREIGN KEY ("lotId") REFERENCES "Lot"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Consignment" ADD CONSTRAINT "Consignment_reviewedById_fkey" FOREIGN KEY ("reviewedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
