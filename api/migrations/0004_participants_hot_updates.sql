DROP INDEX "participants_board_idx";--> statement-breakpoint
-- The clock rewrites every live participant's value and rank each tick: free room on each page lets PostgreSQL update
-- those rows in place (heap-only tuples) instead of writing a new index entry per row per tick.
ALTER TABLE "participants" SET (fillfactor = 50);
