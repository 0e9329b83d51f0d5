ALTER TABLE "contests" ADD COLUMN "history_first_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "benchmark_level" double precision;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "stat_n" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "stat_sum" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "stat_sum_sq" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "stat_prev_value_cents" bigint;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "stat_peak_cents" bigint;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "sharpe" double precision;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "max_drawdown_pct" double precision DEFAULT 0 NOT NULL;