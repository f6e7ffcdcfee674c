-- AlterTable
ALTER TABLE "User" ADD COLUMN     "emailEndingSoon" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "emailOutbid" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "emailWon" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "WatchedLot" (
    "userId" TEXT NOT NULL,
    "lotId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WatchedLot_pkey" PRIMARY KEY ("userId","lotId")
);

-- CreateTable
CREATE TABLE "NotificationSent" (
    "userId" TEXT NOT NULL,
    "lotId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NotificationSent_pkey" PRIMARY KEY ("userId","lotId","kind")
);

-- CreateIndex
CREATE INDEX "WatchedLot_lotId_idx" ON "WatchedLot"("lotId");

-- CreateIndex
CREATE INDEX "WatchedLot_userId_createdAt_idx" ON "WatchedLot"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "NotificationSent_lotId_idx" ON "NotificationSent"("lotId");

-- AddForeignKey
ALTER TABLE "WatchedLot" ADD CONSTRAINT "WatchedLot_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WatchedLot" ADD CONSTRAINT "WatchedLot_lotId_fkey" FOREIGN KEY ("lotId") REFERENCES "Lot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotificationSent" ADD CONSTRAINT "NotificationSent_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotificationSent" ADD CONSTRAINT "NotificationSent_lotId_fkey" FOREIGN KEY ("lotId") REFERENCES "Lot"("id") ON DELETE CASCADE ON UPDATE CASCADE;
