ALTER TABLE "participants" ADD COLUMN "id" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "participants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE UNIQUE INDEX "participants_id_idx" ON "participants" USING btree ("id");--> statement-breakpoint
-- The points keep their values: each row moves from its (contest_id, user_id) key to its participant's id.
ALTER TABLE "portfolio_history" RENAME TO "portfolio_history_by_user";--> statement-breakpoint
CREATE TABLE "portfolio_history" (
	"participant_id" bigint NOT NULL,
	"t" timestamp with time zone NOT NULL,
	"value_cents" bigint NOT NULL,
	CONSTRAINT "portfolio_history_participant_id_t_pk" PRIMARY KEY("participant_id","t")
);--> statement-breakpoint
INSERT INTO "portfolio_history" ("participant_id", "t", "value_cents")
SELECT p."id", h."t", h."value_cents"
FROM "portfolio_history_by_user" h
JOIN "participants" p ON p."contest_id" = h."contest_id" AND p."user_id" = h."user_id";--> statement-breakpoint
DROP TABLE "portfolio_history_by_user";
