-- The planner's estimate of the rows a query returns, for a browse whose matches are too many to count: asked inside
-- the browse's own statement, it costs no round trip of its own. The query is the api's text, with every value
-- (a visitor's search words among them) read from p_values as $1[k], so nothing a visitor typed is ever part of the
-- SQL; the values are planned as the constants they are, as a statement of its own would plan them. It stays
-- VOLATILE and PARALLEL UNSAFE (the defaults): PostgreSQL refuses EXPLAIN in a non-volatile function or in a
-- parallel worker, so a browse statement that carries it is planned without parallel workers, which a page read that
-- stops at its end does not use anyway. It plans whatever query it is given, with the caller's rights: it lets a
-- caller do nothing that caller could not do directly.
CREATE OR REPLACE FUNCTION gavel_estimated_rows(p_query text, p_values text[])
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  plan json;
BEGIN
  EXECUTE 'EXPLAIN (FORMAT JSON) ' || p_query INTO plan USING p_values;
  RETURN LEAST((plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric, 2147483647)::integer;
END $$;
