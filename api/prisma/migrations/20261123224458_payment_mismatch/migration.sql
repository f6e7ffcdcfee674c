-- AlterEnum
ALTER TYPE "CardPaymentStatus" ADD VALUE 'mismatch';

-- AlterTable
ALTER TABLE "Bid" ADD COLUMN     "holdCents" INTEGER;

-- CreateTable
CREATE TABLE "PaymentMismatch" (
    "id" TEXT NOT NULL,
    "paymentIntentId" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "lotIds" TEXT[],
    "owedAmount" DECIMAL(78,0),
    "owedCurrency" TEXT NOT NULL,
    "receivedAmount" DECIMAL(78,0),
    "receivedCurrency" TEXT,
    "source" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PaymentMismatch_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PaymentMismatch_paymentIntentId_receivedAmount_receivedCurr_key" ON "PaymentMismatch"("paymentIntentId", "receivedAmount", "receivedCurrency", "source");

-- Holds placed before their amount was recorded: on a USD lot the hold is the bid itself. A BTC lot's hold
-- depended on the BTC price of its day and stays unrecorded, so its capture is flagged for the admin.
UPDATE "Bid" AS b SET "holdCents" = b.amount::integer
  FROM "Lot" AS l
 WHERE b."lotId" = l.id AND l."paymentMethod" = 'Manual' AND b."holdStatus" IS NOT NULL;
