CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"subject_type" text,
	"subject_id" integer,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "photo_consent" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "photo_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "photo_consent_by" integer;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "sms_consent" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "sms_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "sms_consent_by" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_school_idx" ON "audit_log" USING btree ("school_id","created_at","id");