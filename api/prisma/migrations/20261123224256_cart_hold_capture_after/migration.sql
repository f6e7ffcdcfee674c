-- AlterTable
ALTER TABLE "CardPayment" ADD COLUMN     "captureAfter" TIMESTAMP(3);
