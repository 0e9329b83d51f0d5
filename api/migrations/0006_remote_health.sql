CREATE TABLE "remote_health" (
	"remote" text NOT NULL,
	"release" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"load_failures" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "remote_health_remote_release_minute_pk" PRIMARY KEY("remote","release","minute")
);
--> statement-breakpoint
CREATE INDEX "remote_health_minute_idx" ON "remote_health" USING btree ("minute");