-- AlterTable
ALTER TABLE "Lot" ADD COLUMN     "swapTxHex" TEXT,
ADD COLUMN     "swapTxid" TEXT;
