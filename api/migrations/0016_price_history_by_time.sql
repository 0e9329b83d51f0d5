-- A portfolio-history point reads the universe's prices at two instants (the benchmark's level): by time, not by
-- scanning every symbol's whole history, which grows at every market step.
CREATE INDEX "price_history_t_idx" ON "price_history" USING btree ("t");
