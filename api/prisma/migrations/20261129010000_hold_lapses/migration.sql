-- When each card hold lapses at Stripe (7 days after its authorisation), so the worker can renew it first.
ALTER TABLE "Bid" ADD COLUMN "holdLapsesAt" TIMESTAMP(3);
ALTER TABLE "RelayedBid" ADD COLUMN "holdLapsesAt" TIMESTAMP(3);
ALTER TABLE "CardPayment" ADD COLUMN "holdLapsesAt" TIMESTAMP(3);

-- Holds already standing: authorised no earlier than their row was written (a renewed one later), so the earliest
-- it can lapse is 7 days after that; renewing one early costs nothing.
UPDATE "Bid" SET "holdLapsesAt" = "createdAt" + interval '7 days' WHERE "holdStatus" IN ('authorized', 'releasing');
-- A card maximum's steps share its hold: the first step's time is the hold's.
UPDATE "RelayedBid" r SET "holdLapsesAt" = f.first + interval '7 days'
  FROM (SELECT "paymentIntentId", min("createdAt") AS first FROM "RelayedBid" GROUP BY "paymentIntentId") f
 WHERE f."paymentIntentId" = r."paymentIntentId" AND r."holdStatus" = 'authorized';
UPDATE "CardPayment" SET "holdLapsesAt" = "createdAt" + interval '7 days' WHERE kind = 'buy_now' AND status = 'authorized';
