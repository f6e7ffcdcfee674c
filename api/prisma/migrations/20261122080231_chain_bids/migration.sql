-- CreateTable
CREATE TABLE "ChainBid" (
    "id" TEXT NOT NULL,
    "txHash" TEXT NOT NULL,
    "logIndex" INTEGER NOT NULL,
    "lotId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "auctionId" DECIMAL(78,0) NOT NULL,
    "bidder" TEXT NOT NULL,
    "walletAddress" TEXT NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,
    "blockNumber" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChainBid_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ChainBid_lotId_idx" ON "ChainBid"("lotId");

-- CreateIndex
CREATE INDEX "ChainBid_userId_createdAt_idx" ON "ChainBid"("userId", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "ChainBid_txHash_logIndex_key" ON "ChainBid"("txHash", "logIndex");
