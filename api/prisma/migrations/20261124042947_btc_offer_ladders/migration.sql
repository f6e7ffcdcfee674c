-- AlterTable
ALTER TABLE "BtcOffer" ADD COLUMN     "ladderId" TEXT,
ADD COLUMN     "signedPsbtHex" TEXT;

-- CreateIndex
CREATE INDEX "BtcOffer_ladderId_idx" ON "BtcOffer"("ladderId");
