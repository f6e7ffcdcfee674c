-- Web Push: the kinds of notice each user opts in to (all off until they do), and the subscriptions of their browsers.
-- AlterTable
ALTER TABLE "User" ADD COLUMN     "pushEndingSoon" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "pushMaximumExceeded" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "pushOutbid" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "pushPaymentDue" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "pushWon" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "PushSubscription" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT NOT NULL,
    "auth" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PushSubscription_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PushSubscription_endpoint_key" ON "PushSubscription"("endpoint");

-- CreateIndex
CREATE INDEX "PushSubscription_userId_idx" ON "PushSubscription"("userId");

-- AddForeignKey
ALTER TABLE "PushSubscription" ADD CONSTRAINT "PushSubscription_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
