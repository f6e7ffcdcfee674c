-- CreateEnum
CREATE TYPE "RelayedBidStatus" AS ENUM ('queued', 'placed', 'outbid', 'refunded', 'won', 'custody', 'delivered', 'failed');

-- CreateTable
CREATE TABLE "RelayedBid" (
    "id" TEXT NOT NULL,
    "lotId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "auctionId" DECIMAL(78,0) NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,
    "holdCents" INTEGER NOT NULL,
    "paymentIntentId" TEXT NOT NULL,
    "holdStatus" "HoldStatus" NOT NULL DEFAULT 'authorized',
    "status" "RelayedBidStatus" NOT NULL DEFAULT 'queued',
    "txHash" TEXT,
    "nonce" INTEGER,
    "refundTxHash" TEXT,
    "deliveryTxHash" TEXT,
    "deliveredTo" TEXT,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RelayedBid_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "RelayedBid_paymentIntentId_key" ON "RelayedBid"("paymentIntentId");

-- CreateIndex
CREATE UNIQUE INDEX "RelayedBid_txHash_key" ON "RelayedBid"("txHash");

-- CreateIndex
CREATE INDEX "RelayedBid_status_idx" ON "RelayedBid"("status");

-- CreateIndex
CREATE INDEX "RelayedBid_userId_createdAt_idx" ON "RelayedBid"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "RelayedBid_lotId_idx" ON "RelayedBid"("lotId");
