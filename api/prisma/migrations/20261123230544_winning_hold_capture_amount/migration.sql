-- AlterTable
ALTER TABLE "Bid" ADD COLUMN     "captureCents" INTEGER;

-- AlterTable
ALTER TABLE "RelayedBid" ADD COLUMN     "captureCents" INTEGER;
