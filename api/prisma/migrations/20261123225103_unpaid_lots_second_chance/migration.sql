-- CreateEnum
CREATE TYPE "SecondChanceStatus" AS ENUM ('open', 'accepting', 'accepted', 'withdrawn');

-- AlterTable
ALTER TABLE "Lot" ADD COLUMN     "paymentDueAt" TIMESTAMP(3),
ADD COLUMN     "unpaidAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "unpaidCount" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "SecondChanceOffer" (
    "id" TEXT NOT NULL,
    "lotId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "bidId" TEXT NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "status" "SecondChanceStatus" NOT NULL DEFAULT 'open',
    "paymentIntentId" TEXT,
    "acceptedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SecondChanceOffer_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SecondChanceOffer_paymentIntentId_key" ON "SecondChanceOffer"("paymentIntentId");

-- CreateIndex
CREATE INDEX "SecondChanceOffer_userId_status_idx" ON "SecondChanceOffer"("userId", "status");

-- CreateIndex
CREATE INDEX "SecondChanceOffer_lotId_createdAt_idx" ON "SecondChanceOffer"("lotId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "SecondChanceOffer_status_updatedAt_idx" ON "SecondChanceOffer"("status", "updatedAt");

-- CreateIndex
CREATE INDEX "Lot_paymentDueAt_idx" ON "Lot"("paymentDueAt");

-- AddForeignKey
ALTER TABLE "SecondChanceOffer" ADD CONSTRAINT "SecondChanceOffer_lotId_fkey" FOREIGN KEY ("lotId") REFERENCES "Lot"("id") ON DELETE CASCADE ON UPDATE CASCADE;
