-- Who recorded a lot's payment and its transfer by hand (seller or admin): irreversible steps keep their author.
ALTER TABLE "Lot" ADD COLUMN "paidById" TEXT;
ALTER TABLE "Lot" ADD COLUMN "transferredById" TEXT;
ALTER TABLE "Lot" ADD CONSTRAINT "Lot_paidById_fkey" FOREIGN KEY ("paidById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Lot" ADD CONSTRAINT "Lot_transferredById_fkey" FOREIGN KEY ("transferredById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
