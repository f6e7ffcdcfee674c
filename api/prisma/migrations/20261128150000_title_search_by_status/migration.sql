-- A title search is answered from the lots of the status it asks for. One trigram index over every lot gave a search
-- for a word common in the catalogue but rare in the phase asked (a word of many ended lots, asked among live ones)
-- every lot with the word as a candidate, each visited in the table to test its phase: that cost grew with the
-- catalogue's whole history. One index per stored status (the four partition the lots) gives such a search only the
-- candidates of that status; a bid still writes into one of them, as before. The old index goes last: dropping it
-- locks the table against reads too, building the new ones only against writes.
CREATE INDEX "Lot_upcoming_title_trgm_idx" ON "Lot" USING GIN ("paymentMethod" enum_ops, "title" gin_trgm_ops) WHERE "status" = 'upcoming';
CREATE INDEX "Lot_live_title_trgm_idx" ON "Lot" USING GIN ("paymentMethod" enum_ops, "title" gin_trgm_ops) WHERE "status" = 'live';
CREATE INDEX "Lot_ended_title_trgm_idx" ON "Lot" USING GIN ("paymentMethod" enum_ops, "title" gin_trgm_ops) WHERE "status" = 'ended';
CREATE INDEX "Lot_cancelled_title_trgm_idx" ON "Lot" USING GIN ("paymentMethod" enum_ops, "title" gin_trgm_ops) WHERE "status" = 'cancelled';
DROP INDEX "Lot_paymentMethod_title_trgm_idx";

-- The lots whose stored status lags the lot clock for a phase (domain/lot-clock.ts): open lots past their end (the
-- close job not yet run) for 'ended', upcoming ones past their start for 'live', live ones whose start was moved
-- ahead for 'upcoming'. They are the few the sweeper has yet to reach, read as a range of the status-and-time indexes
-- whatever the planner guesses: with no statistics of how status and time go together, it expects a fifth of the
-- catalogue and would read it all. A search adds them to its status's candidates.
-- PL/pgSQL keeps each branch's plan for the session: a SQL function would plan all of them on every call. STABLE, so
-- it reads the snapshot of the statement that calls it: a close committed meanwhile cannot move a lot out of both the
-- status's candidates and these. A phase it does not know is an error, never an empty answer that would hide lots.
CREATE OR REPLACE FUNCTION gavel_lots_off_clock(p_phase text, p_now timestamp(3))
RETURNS text[] LANGUAGE plpgsql STABLE SET enable_seqscan = off AS $$
BEGIN
  IF p_phase = 'ended' THEN
    RETURN ARRAY(SELECT "id" FROM "Lot" WHERE "status" IN ('upcoming', 'live') AND "endTime" <= p_now);
  ELSIF p_phase = 'live' THEN
    RETURN ARRAY(SELECT "id" FROM "Lot" WHERE "status" = 'upcoming' AND "startTime" <= p_now AND "endTime" > p_now);
  ELSIF p_phase = 'upcoming' THEN
    RETURN ARRAY(SELECT "id" FROM "Lot" WHERE "status" = 'live' AND "startTime" > p_now);
  END IF;
  RAISE EXCEPTION 'gavel_lots_off_clock: no lots lag the clock into phase %', p_phase;
END $$;
