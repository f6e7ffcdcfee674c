-- CreateTable
CREATE TABLE "BtcOffer" (
    "id" TEXT NOT NULL,
    "lotId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,
    "walletAddress" TEXT NOT NULL,
    "ordinalsAddress" TEXT NOT NULL,
    "psbtHex" TEXT NOT NULL,
    "txid" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "finalizedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BtcOffer_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BtcOffer_lotId_createdAt_idx" ON "BtcOffer"("lotId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "BtcOffer_userId_createdAt_idx" ON "BtcOffer"("userId", "createdAt" DESC);
