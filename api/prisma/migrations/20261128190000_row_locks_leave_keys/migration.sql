-- The pay-later check locks its bidder's row to serialise the allowance, not to keep the row's key still: FOR NO
-- KEY UPDATE still makes two commitments of one bidder wait for each other, but no longer blocks the key-share lock
-- a foreign-key check takes on that row. With FOR UPDATE, a Buy Now deadlocked with a pay-later bid on the same lot:
-- the purchase held the lot and, cancelling the lot's bids (rows its lot trigger had just written, so PostgreSQL
-- checks their keys again), waited for the bidder's row; the bid held the bidder's row and waited for the lot.
CREATE OR REPLACE FUNCTION gavel_pay_later_fits(p_user_id text, p_lot_id text, p_cents numeric,
  OUT fits boolean, OUT bidding_limit numeric, OUT available numeric) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "User" WHERE id = p_user_id FOR NO KEY UPDATE;
  SELECT a.bidding_limit, a.available INTO bidding_limit, available FROM gavel_pay_later_available(p_user_id, p_lot_id) a;
  bidding_limit := COALESCE(bidding_limit, 0);
  available := COALESCE(available, 0);
  fits := p_cents <= available;
END;
$$;
