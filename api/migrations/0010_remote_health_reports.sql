-- Health is now what distinct reporters saw, one row each per window; the old per-minute counts, which any request
-- could inflate, are not carried over (they were a recent signal, kept for days).
CREATE TABLE "remote_health_reports" (
	"remote" text NOT NULL,
	"release" text NOT NULL,
	"window" timestamp with time zone NOT NULL,
	"reporter" text NOT NULL,
	"viewed" boolean DEFAULT false NOT NULL,
	"load_failed" boolean DEFAULT false NOT NULL,
	"errored" boolean DEFAULT false NOT NULL,
	CONSTRAINT "remote_health_reports_remote_release_window_reporter_pk" PRIMARY KEY("remote","release","window","reporter")
);
--> statement-breakpoint
DROP TABLE "remote_health" CASCADE;--> statement-breakpoint
CREATE INDEX "remote_health_reports_window_idx" ON "remote_health_reports" USING btree ("window");