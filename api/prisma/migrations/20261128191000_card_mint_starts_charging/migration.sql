-- A card mint row is charging until its charge is confirmed; a default of queued would make a row written without
-- its status look paid, and the relayer would mint it.
ALTER TABLE "CardMint" ALTER COLUMN "status" SET DEFAULT 'charging';
