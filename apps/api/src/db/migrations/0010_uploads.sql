CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"uploaded_by" integer,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_school_idx" ON "uploads" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "uploads_uploader_created_idx" ON "uploads" USING btree ("uploaded_by","created_at");