-- AlterTable
ALTER TABLE "User" ADD COLUMN     "biddingLimit" DECIMAL(78,0) NOT NULL DEFAULT 0;
