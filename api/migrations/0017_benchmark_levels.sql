CREATE TABLE "benchmark_bases" (
	"first_at" timestamp with time zone NOT NULL,
	"symbol" text NOT NULL,
	"price_cents" bigint NOT NULL,
	CONSTRAINT "benchmark_bases_first_at_symbol_pk" PRIMARY KEY("first_at","symbol")
);
--> statement-breakpoint
CREATE TABLE "benchmark_levels" (
	"first_at" timestamp with time zone NOT NULL,
	"t" timestamp with time zone NOT NULL,
	"level" double precision NOT NULL,
	CONSTRAINT "benchmark_levels_first_at_t_pk" PRIMARY KEY("first_at","t")
);
--> statement-breakpoint
-- The bases of the live contests' benchmarks and the levels at every stored point, from the price history at those
-- ticks: the simulator, the only feed before these tables, stored every symbol's price at every tick's time.
INSERT INTO "benchmark_bases" ("first_at", "symbol", "price_cents")
SELECT DISTINCT c."history_first_at", ph."symbol", ph."price_cents"
FROM "contests" c JOIN "price_history" ph ON ph."t" = c."history_first_at"
WHERE c."phase" = 'active' AND c."history_first_at" IS NOT NULL AND ph."price_cents" > 0
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "benchmark_levels" ("first_at", "t", "level")
SELECT k."first_at", k."t", AVG(later."price_cents"::float8 / base."price_cents")
FROM (
  SELECT DISTINCT COALESCE(c."history_first_at", MIN(h."t") OVER (PARTITION BY c."id")) AS "first_at", h."t"
  FROM "contests" c
  JOIN LATERAL (
    SELECT p."id" FROM "participants" p WHERE p."contest_id" = c."id" ORDER BY p."user_id" LIMIT 1
  ) one ON true
  JOIN "portfolio_history" h ON h."participant_id" = one."id"
) k
JOIN "price_history" base ON base."t" = k."first_at" AND base."price_cents" > 0
JOIN "price_history" later ON later."symbol" = base."symbol" AND later."t" = k."t"
GROUP BY k."first_at", k."t"
ON CONFLICT DO NOTHING;
