CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "orders_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contest_id" text NOT NULL,
	"user_id" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"quantity" bigint NOT NULL,
	"type" text NOT NULL,
	"limit_price_cents" bigint,
	"stop_price_cents" bigint,
	"status" text DEFAULT 'open' NOT NULL,
	"triggered_at" timestamp with time zone,
	"fill_trade_id" text,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "equities" ADD COLUMN "exact_price_cents" double precision;--> statement-breakpoint
ALTER TABLE "market_state" ADD COLUMN "simulated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "order_id" text;--> statement-breakpoint
CREATE INDEX "orders_participant_idx" ON "orders" USING btree ("contest_id","user_id","status");--> statement-breakpoint
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("symbol","seq") WHERE "orders"."status" = 'open';