-- A sale voided for non-payment voids its invoice and statement (kept, with their numbers, so a year's numbers stay
-- without gaps); a second-chance buyer, a runner-up awarded the lot or a relisted lot's new buyer gets documents of
-- their own. So a lot may hold several, of which at most one of each kind is not void.
ALTER TABLE "Invoice" ADD COLUMN "voidedAt" TIMESTAMP(3);
ALTER TABLE "SellerStatement" ADD COLUMN "voidedAt" TIMESTAMP(3);
DROP INDEX "Invoice_lotId_key";
DROP INDEX "SellerStatement_lotId_key";
CREATE INDEX "Invoice_lotId_idx" ON "Invoice"("lotId");
CREATE INDEX "SellerStatement_lotId_idx" ON "SellerStatement"("lotId");
CREATE UNIQUE INDEX "Invoice_lotId_live_key" ON "Invoice"("lotId") WHERE "voidedAt" IS NULL;
CREATE UNIQUE INDEX "SellerStatement_lotId_live_key" ON "SellerStatement"("lotId") WHERE "voidedAt" IS NULL;
-- Sales voided before this: their documents are void from the sale's void.
UPDATE "Invoice" i SET "voidedAt" = l."unpaidAt" FROM "Lot" l WHERE l.id = i."lotId" AND l."unpaidAt" IS NOT NULL;
UPDATE "SellerStatement" s SET "voidedAt" = l."unpaidAt" FROM "Lot" l WHERE l.id = s."lotId" AND l."unpaidAt" IS NOT NULL;
