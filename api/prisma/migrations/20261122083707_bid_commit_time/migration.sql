-- A bid's createdAt is the moment it was written, after the lot's row lock was taken, not when its transaction
-- began (now()): a bid that waited for the lock behind a higher one would otherwise sort before it, and the bid
-- history would not read in the order the bids were accepted.
CREATE OR REPLACE FUNCTION gavel_place_bid(
  p_lot_id text, p_bid_id text, p_user_id text, p_amount numeric, p_increment numeric, p_wallet text
) RETURNS TABLE (
  placed boolean, end_time timestamp(3), extended boolean, extension_minutes integer, bid_count integer,
  outbid_bid_id text, outbid_user_id text, outbid_amount numeric
) LANGUAGE plpgsql AS $$
DECLARE
  v_end timestamp(3);
  v_minutes integer;
  v_extended boolean;
  v_count integer;
BEGIN
  UPDATE "Lot" AS l
     SET "currentBid" = p_amount,
         "currentPrice" = p_amount,
         "bidCount" = l."bidCount" + 1,
         "status" = 'live',
         "endTime" = GREATEST(l."endTime", now() + make_interval(mins => l."extensionMinutes")),
         "updatedAt" = now()
   WHERE l.id = p_lot_id
     AND l.published
     AND l.status IN ('upcoming', 'live')
     AND l."startTime" <= now()
     AND l."endTime" > now()
     AND p_amount >= COALESCE(l."currentBid" + p_increment, l."startingBid")
  RETURNING l."endTime",
            l."extensionMinutes",
            l."bidCount",
            -- the end moved iff it now sits at (the ms-rounded) now + N minutes
            l."endTime" BETWEEN now() + make_interval(mins => l."extensionMinutes") - interval '1 millisecond'
                            AND now() + make_interval(mins => l."extensionMinutes") + interval '1 millisecond'
    INTO v_end, v_minutes, v_count, v_extended;

  IF NOT FOUND THEN
    RETURN QUERY SELECT false, NULL::timestamp(3), false, 0, 0, NULL::text, NULL::text, NULL::numeric;
    RETURN;
  END IF;

  RETURN QUERY
    WITH previous AS (
      UPDATE "Bid" SET status = 'outbid', "updatedAt" = now()
       WHERE "lotId" = p_lot_id AND status = 'active'
      RETURNING id, "userId", amount
    ), inserted AS (
      INSERT INTO "Bid" (id, "lotId", "userId", amount, "walletAddress", status, "createdAt", "updatedAt")
      VALUES (p_bid_id, p_lot_id, p_user_id, p_amount, p_wallet, 'active', clock_timestamp(), clock_timestamp())
      RETURNING id
    )
    SELECT true, v_end, v_extended, v_minutes, v_count, previous.id, previous."userId", previous.amount
      FROM inserted LEFT JOIN previous ON true;
END;
$$;
