CREATE TABLE "contest_actions" (
	"action_id" text NOT NULL,
	"contest_id" text NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contest_actions_action_id_contest_id_pk" PRIMARY KEY("action_id","contest_id")
);
--> statement-breakpoint
CREATE TABLE "corporate_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"symbol" text NOT NULL,
	"date" text NOT NULL,
	"split_from" double precision,
	"split_to" double precision,
	"cash_amount" double precision,
	"effective_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participant_actions" (
	"action_id" text NOT NULL,
	"contest_id" text NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"symbol" text NOT NULL,
	"date" text NOT NULL,
	"ratio" double precision,
	"per_share" double precision,
	"quantity_before" bigint NOT NULL,
	"quantity_after" bigint NOT NULL,
	"cash_cents" bigint NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	CONSTRAINT "participant_actions_action_id_contest_id_user_id_pk" PRIMARY KEY("action_id","contest_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "corporate_actions_unsettled_idx" ON "corporate_actions" USING btree ("effective_at") WHERE "corporate_actions"."settled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "participant_actions_participant_idx" ON "participant_actions" USING btree ("contest_id","user_id","applied_at");