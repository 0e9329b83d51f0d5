CREATE TABLE "notification_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"kinds" jsonb NOT NULL,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"href" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "podium_places" (
	"contest_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "podium_places_contest_id_user_id_pk" PRIMARY KEY("contest_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "text_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"phone_number" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_subject_key" ON "notifications" USING btree ("user_id","kind","subject");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "text_messages_subject_key" ON "text_messages" USING btree ("user_id","kind","subject");--> statement-breakpoint
CREATE INDEX "text_messages_user_idx" ON "text_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "text_messages_pending_idx" ON "text_messages" USING btree ("created_at") WHERE "text_messages"."sent_at" IS NULL AND "text_messages"."error" IS NULL;