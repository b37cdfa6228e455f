CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"school_id" integer,
	"device" text NOT NULL,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "refresh_tokens_family_idx";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "session_id" integer;--> statement-breakpoint
-- Each family of refresh tokens was one sign-in: it becomes a session, ended unless one of its tokens still works.
ALTER TABLE "sessions" ADD COLUMN "family_id" uuid;--> statement-breakpoint
INSERT INTO "sessions" ("user_id", "school_id", "device", "created_at", "last_seen_at", "ended_at", "family_id")
SELECT t."user_id", u."school_id", 'Unknown device', min(t."created_at"), max(t."created_at"),
  CASE WHEN bool_or(t."revoked_at" IS NULL AND t."used_at" IS NULL AND t."expires_at" > now()) THEN NULL ELSE now() END,
  t."family_id"
FROM "refresh_tokens" t JOIN "users" u ON u."id" = t."user_id"
GROUP BY t."family_id", t."user_id", u."school_id";--> statement-breakpoint
UPDATE "refresh_tokens" t SET "session_id" = s."id" FROM "sessions" s WHERE s."family_id" = t."family_id";--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "family_id";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "session_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id","last_seen_at");--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP COLUMN "family_id";