-- What the buyer paid the house beside the hammer, premium and tax: a Bitcoin swap's platform fee (the bidder's
-- cost, paid in the swap's output to the house's fee address). 0 for every invoice before.
ALTER TABLE "Invoice" ADD COLUMN "fees" DECIMAL(78,0) NOT NULL DEFAULT 0;
