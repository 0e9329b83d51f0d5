-- A market step rewrites the price of every symbol that moved (thousands at a real feed's open): free room on each
-- page lets PostgreSQL update those rows in place (heap-only tuples) instead of writing a new primary-key entry per
-- row per step and leaving the table to bloat between vacuums.
ALTER TABLE "equities" SET (fillfactor = 50);
