CREATE TABLE "sba_settings" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"columns" text[] NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "assessment_number" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "birth_certificate_names" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "re_option" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "kiswahili_option" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "special_needs_code" text;--> statement-breakpoint
ALTER TABLE "sba_settings" ADD CONSTRAINT "sba_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "students_school_assessment_number_key" ON "students" USING btree ("school_id","assessment_number") WHERE "students"."assessment_number" is not null;