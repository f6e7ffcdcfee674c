-- The buyer's tax (VAT or sales tax): a rate per buyer's country on each event, levied on the premium or on the
-- total, empty by default so every existing event levies none; each invoice keeps the rate it was issued at and the
-- country the buyer's profile named then (none: no tax, as the invoice says).
ALTER TABLE "AuctionEvent" ADD COLUMN "buyerTax" JSONB NOT NULL DEFAULT '[]';
ALTER TABLE "Invoice" ADD COLUMN "taxCountry" TEXT;
ALTER TABLE "Invoice" ADD COLUMN "taxBasisPoints" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Invoice" ADD COLUMN "taxBase" TEXT;
