-- AlterEnum
ALTER TYPE "HoldStatus" ADD VALUE 'passed';

-- DropIndex
DROP INDEX "RelayedBid_paymentIntentId_key";

-- AlterTable
ALTER TABLE "RelayedBid" ADD COLUMN     "maximum" DECIMAL(78,0),
ADD COLUMN     "stepOf" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "RelayedBid_stepOf_key" ON "RelayedBid"("stepOf");

-- CreateIndex
CREATE INDEX "RelayedBid_paymentIntentId_idx" ON "RelayedBid"("paymentIntentId");
