ALTER TABLE "contests" ADD COLUMN "history_first_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "benchmark_level" double precision;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "rules" jsonb DEFAULT '{"shortSelling":false,"commission":{"perTrade":0,"perShare":0},"maxPositionPct":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "trail_amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "trail_percent" double precision;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "stat_n" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "stat_sum" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "stat_sum_sq" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "stat_prev_value_cents" bigint;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "stat_peak_cents" bigint;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "sharpe" double precision;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "max_drawdown_pct" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "commission_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "reason" text;