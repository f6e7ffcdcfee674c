-- AlterTable
ALTER TABLE "Inscription" ADD COLUMN     "checkedAt" TIMESTAMP(3),
ADD COLUMN     "expiresAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Inscription_status_checkedAt_idx" ON "Inscription"("status", "checkedAt");

-- CreateIndex
CREATE INDEX "Inscription_status_expiresAt_idx" ON "Inscription"("status", "expiresAt");

-- Requests unpaid when this ships get the default 24 hours from their creation, so they expire too.
UPDATE "Inscription" SET "expiresAt" = "createdAt" + interval '24 hours' WHERE status = 'pending_payment' AND "commitAddress" IS NOT NULL;
