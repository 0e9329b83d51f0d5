DROP INDEX "trades_participant_idx";--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "trades_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "trades_participant_idx" ON "trades" USING btree ("contest_id","user_id","executed_at","seq");