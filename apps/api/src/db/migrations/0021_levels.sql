CREATE TABLE "levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"curriculum" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "levels_school_name_key" UNIQUE("school_id","name"),
	CONSTRAINT "levels_curriculum" CHECK ("levels"."curriculum" in ('cbc', '8-4-4'))
);
--> statement-breakpoint
ALTER TABLE "levels" ADD CONSTRAINT "levels_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "levels" ("school_id", "name", "curriculum")
SELECT DISTINCT "school_id", "level", CASE WHEN "level" ~* '^\s*form\M' THEN '8-4-4' ELSE 'cbc' END
FROM "classes" WHERE "level" IS NOT NULL;
