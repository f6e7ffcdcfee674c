-- AlterTable
ALTER TABLE "Inscription" ADD COLUMN     "commitAddress" TEXT,
ADD COLUMN     "commitAmount" BIGINT,
ADD COLUMN     "commitTxid" TEXT,
ADD COLUMN     "commitVout" INTEGER,
ADD COLUMN     "confirmedAt" TIMESTAMP(3),
ADD COLUMN     "content" BYTEA,
ADD COLUMN     "failure" TEXT,
ADD COLUMN     "feeRate" INTEGER,
ADD COLUMN     "fileName" TEXT,
ADD COLUMN     "paidAt" TIMESTAMP(3),
ADD COLUMN     "revealFee" INTEGER,
ADD COLUMN     "revealTxid" TEXT,
ADD COLUMN     "revealedAt" TIMESTAMP(3);

-- CreateIndex
CREATE UNIQUE INDEX "Inscription_commitAddress_key" ON "Inscription"("commitAddress");

-- CreateIndex
CREATE INDEX "Inscription_userId_createdAt_idx" ON "Inscription"("userId", "createdAt" DESC);
