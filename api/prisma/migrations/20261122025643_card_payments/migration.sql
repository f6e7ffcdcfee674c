-- CreateEnum
CREATE TYPE "HoldStatus" AS ENUM ('authorized', 'captured', 'released', 'failed');

-- CreateEnum
CREATE TYPE "CardPaymentKind" AS ENUM ('checkout', 'buy_now');

-- CreateEnum
CREATE TYPE "CardPaymentStatus" AS ENUM ('open', 'authorized', 'succeeded', 'canceled');

-- AlterTable
ALTER TABLE "Bid" ADD COLUMN     "holdStatus" "HoldStatus";

-- AlterTable
ALTER TABLE "Lot" ADD COLUMN     "boughtNow" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "CardPayment" (
    "id" TEXT NOT NULL,
    "kind" "CardPaymentKind" NOT NULL,
    "userId" TEXT NOT NULL,
    "lotIds" TEXT[],
    "amount" DECIMAL(78,0) NOT NULL,
    "currency" TEXT NOT NULL,
    "paymentIntentId" TEXT NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "status" "CardPaymentStatus" NOT NULL DEFAULT 'open',
    "paidAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CardPayment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CardPayment_paymentIntentId_key" ON "CardPayment"("paymentIntentId");

-- CreateIndex
CREATE UNIQUE INDEX "CardPayment_idempotencyKey_key" ON "CardPayment"("idempotencyKey");

-- CreateIndex
CREATE INDEX "CardPayment_userId_kind_status_idx" ON "CardPayment"("userId", "kind", "status");

-- CreateIndex
CREATE INDEX "CardPayment_status_updatedAt_idx" ON "CardPayment"("status", "updatedAt");

-- CreateIndex
CREATE INDEX "Bid_holdStatus_idx" ON "Bid"("holdStatus");

-- CreateIndex
CREATE INDEX "Lot_winnerId_closedAt_idx" ON "Lot"("winnerId", "closedAt" DESC);
