ALTER TABLE "contests" ADD COLUMN "rules" jsonb DEFAULT '{"shortSelling":false,"commission":{"perTrade":0,"perShare":0},"maxPositionPct":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "trail_amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "trail_percent" double precision;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "commission_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "reason" text;