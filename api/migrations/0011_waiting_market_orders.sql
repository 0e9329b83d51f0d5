-- Market orders that wait for the delayed price or the open (API.md "Market orders that wait"), and day orders. Existing
-- orders are good till cancelled, as they always were.
ALTER TABLE "orders" ADD COLUMN "time_in_force" text DEFAULT 'gtc' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reserve_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fill_after" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_waiting_idx" ON "orders" USING btree ("seq") WHERE "orders"."status" = 'open' AND "orders"."type" = 'market';