CREATE TABLE "throttle_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "throttle_counters_window_ends_idx" ON "throttle_counters" USING btree ("window_ends_at");--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;