-- CreateEnum
CREATE TYPE "WalletPurpose" AS ENUM ('payment', 'ordinals');

-- AlterTable
ALTER TABLE "Wallet" ADD COLUMN     "purpose" "WalletPurpose" NOT NULL DEFAULT 'payment';

-- CreateTable
CREATE TABLE "PendingHold" (
    "idempotencyKey" TEXT NOT NULL,
    "bidId" TEXT NOT NULL,
    "request" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PendingHold_pkey" PRIMARY KEY ("idempotencyKey")
);

-- CreateIndex
CREATE INDEX "PendingHold_createdAt_idx" ON "PendingHold"("createdAt");
