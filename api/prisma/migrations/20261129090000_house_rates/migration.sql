-- The house's rates per event: a buyer's premium and a seller's commission, each a rate table per unit in tiers of
-- the hammer price. Empty by default, so every existing event charges nothing.
ALTER TABLE "AuctionEvent" ADD COLUMN "buyerPremium" JSONB NOT NULL DEFAULT '{}';
ALTER TABLE "AuctionEvent" ADD COLUMN "sellerCommission" JSONB NOT NULL DEFAULT '{}';
