-- CreateEnum
CREATE TYPE "CardMintStatus" AS ENUM ('queued', 'minted', 'failed');

-- CreateTable
CREATE TABLE "CardMint" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "toAddress" TEXT NOT NULL,
    "metadataUrl" TEXT NOT NULL,
    "priceWei" DECIMAL(78,0) NOT NULL,
    "cents" INTEGER NOT NULL,
    "paymentIntentId" TEXT NOT NULL,
    "status" "CardMintStatus" NOT NULL DEFAULT 'queued',
    "txHash" TEXT,
    "tokenId" DECIMAL(78,0),
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CardMint_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CardMint_paymentIntentId_key" ON "CardMint"("paymentIntentId");

-- CreateIndex
CREATE UNIQUE INDEX "CardMint_txHash_key" ON "CardMint"("txHash");

-- CreateIndex
CREATE INDEX "CardMint_userId_createdAt_idx" ON "CardMint"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "CardMint_status_idx" ON "CardMint"("status");
