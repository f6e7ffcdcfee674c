-- AlterTable
ALTER TABLE "Inscription" ADD COLUMN     "fileSize" INTEGER;
