-- AlterTable
ALTER TABLE "Lot" ADD COLUMN     "chainPremiumBps" INTEGER;
