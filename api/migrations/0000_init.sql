CREATE TABLE "contests" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"picks_count" integer NOT NULL,
	"starting_cash_cents" bigint NOT NULL,
	"max_participants" integer NOT NULL,
	"visibility" text NOT NULL,
	"affiliations" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"phase" text DEFAULT 'upcoming' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"participants_count" integer DEFAULT 0 NOT NULL,
	"standings_as_of" timestamp with time zone,
	"team_standings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"history_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equities" (
	"symbol" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sector" text NOT NULL,
	"exchange" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"previous_close_cents" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "market_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"tick_index" bigint NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	"session_date" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"contest_id" text NOT NULL,
	"user_id" text NOT NULL,
	"picks" jsonb NOT NULL,
	"affiliation" text,
	"joined_at" timestamp with time zone NOT NULL,
	"cash_cents" bigint,
	"value_cents" bigint,
	"return_pct" double precision,
	"rank" integer,
	CONSTRAINT "participants_contest_id_user_id_pk" PRIMARY KEY("contest_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "portfolio_history" (
	"contest_id" text NOT NULL,
	"user_id" text NOT NULL,
	"t" timestamp with time zone NOT NULL,
	"value_cents" bigint NOT NULL,
	CONSTRAINT "portfolio_history_contest_id_user_id_t_pk" PRIMARY KEY("contest_id","user_id","t")
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"contest_id" text NOT NULL,
	"user_id" text NOT NULL,
	"symbol" text NOT NULL,
	"quantity" bigint NOT NULL,
	"cost_cents" bigint NOT NULL,
	CONSTRAINT "positions_contest_id_user_id_symbol_pk" PRIMARY KEY("contest_id","user_id","symbol")
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"symbol" text NOT NULL,
	"t" timestamp with time zone NOT NULL,
	"price_cents" bigint NOT NULL,
	CONSTRAINT "price_history_symbol_t_pk" PRIMARY KEY("symbol","t")
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" text PRIMARY KEY NOT NULL,
	"contest_id" text NOT NULL,
	"user_id" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"quantity" bigint NOT NULL,
	"price_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"executed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"sub" text NOT NULL,
	"phone_number" text,
	"status" text DEFAULT 'not-initialized' NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"ticker" text,
	"display_name" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contests_phase_starts_idx" ON "contests" USING btree ("phase","starts_at");--> statement-breakpoint
CREATE INDEX "contests_phase_ends_idx" ON "contests" USING btree ("phase","ends_at");--> statement-breakpoint
CREATE INDEX "contests_created_by_idx" ON "contests" USING btree ("created_by","phase");--> statement-breakpoint
CREATE INDEX "participants_user_idx" ON "participants" USING btree ("user_id","joined_at");--> statement-breakpoint
CREATE INDEX "participants_board_idx" ON "participants" USING btree ("contest_id","rank","joined_at");--> statement-breakpoint
CREATE INDEX "trades_participant_idx" ON "trades" USING btree ("contest_id","user_id","executed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_sub_key" ON "users" USING btree ("sub");--> statement-breakpoint
CREATE UNIQUE INDEX "users_ticker_key" ON "users" USING btree ("ticker");