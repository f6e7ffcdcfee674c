-- Browsing reads one index per order. Each covers the filters too (published lots only, with the columns of the
-- status, payment method and price filters and the title a search reads included), so a page and a count are read
-- from the index alone, in order, and stop at the page's end. Prisma's schema cannot describe INCLUDE or WHERE, so these live here only
-- (schema.prisma says so beside model Lot).
DROP INDEX "Lot_published_createdAt_idx";
DROP INDEX "Lot_published_currentPrice_idx";
DROP INDEX "Lot_published_endTime_idx";
DROP INDEX "Lot_published_startTime_idx";
DROP INDEX "Lot_published_title_idx";

CREATE INDEX "Lot_browse_endTime_idx" ON "Lot" ("endTime", "id") INCLUDE ("title", "paymentMethod", "status", "startTime", "currentPrice", "startingBid", "auctionType") WHERE "published";
CREATE INDEX "Lot_browse_startTime_idx" ON "Lot" ("startTime", "id") INCLUDE ("title", "paymentMethod", "status", "endTime", "currentPrice", "startingBid", "auctionType") WHERE "published";
CREATE INDEX "Lot_browse_createdAt_idx" ON "Lot" ("createdAt", "id") INCLUDE ("title", "paymentMethod", "status", "startTime", "endTime", "currentPrice", "startingBid", "auctionType") WHERE "published";
CREATE INDEX "Lot_browse_currentPrice_idx" ON "Lot" ("currentPrice", "id") INCLUDE ("title", "paymentMethod", "status", "startTime", "endTime", "startingBid", "auctionType") WHERE "published";
CREATE INDEX "Lot_browse_startingBid_idx" ON "Lot" ("startingBid", "id") INCLUDE ("title", "paymentMethod", "status", "startTime", "endTime", "currentPrice", "auctionType") WHERE "published";
CREATE INDEX "Lot_browse_title_idx" ON "Lot" ("title", "id") INCLUDE ("paymentMethod", "status", "startTime", "endTime", "currentPrice", "startingBid", "auctionType") WHERE "published";
CREATE INDEX "Lot_browse_bidCount_idx" ON "Lot" ("bidCount", "id") INCLUDE ("title", "paymentMethod", "status", "startTime", "endTime", "currentPrice", "startingBid", "auctionType") WHERE "published";
-- The default order lists finished lots latest first, ties by id: the end time read backwards, the id forwards.
CREATE INDEX "Lot_browse_finished_idx" ON "Lot" ("endTime" DESC, "id") INCLUDE ("title", "paymentMethod", "status", "startTime", "currentPrice", "startingBid", "auctionType") WHERE "published";

-- Signed out, an ended lot is priced at its starting bid: its price filter reads this beside (paymentMethod, currentPrice).
CREATE INDEX "Lot_paymentMethod_startingBid_idx" ON "Lot"("paymentMethod", "startingBid");

-- Upcoming lots by the clock (beside (status, endTime) for ended ones), for a search to meet them by index.
CREATE INDEX "Lot_status_startTime_idx" ON "Lot"("status", "startTime");

-- A search within one payment method reads only that method's matches: the trigram indexes hold the method too
-- (btree_gin), so a word that no lot of that method has is answered from the index.
CREATE EXTENSION IF NOT EXISTS btree_gin;
DROP INDEX "Lot_description_trgm_idx";
DROP INDEX "Lot_title_trgm_idx";
CREATE INDEX "Lot_paymentMethod_title_trgm_idx" ON "Lot" USING GIN ("paymentMethod" enum_ops, "title" gin_trgm_ops);
CREATE INDEX "Lot_paymentMethod_description_trgm_idx" ON "Lot" USING GIN ("paymentMethod" enum_ops, "description" gin_trgm_ops);
