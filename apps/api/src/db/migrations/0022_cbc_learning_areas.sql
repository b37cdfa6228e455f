CREATE TABLE "learning_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_areas_level_name_key" UNIQUE("level_id","name")
);
--> statement-breakpoint
CREATE TABLE "strands" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"learning_area_id" integer NOT NULL,
	"name" text NOT NULL,
	"sub_strand" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "strands_area_name_key" UNIQUE("learning_area_id","name","sub_strand")
);
--> statement-breakpoint
ALTER TABLE "learning_areas" ADD CONSTRAINT "learning_areas_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_areas" ADD CONSTRAINT "learning_areas_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strands" ADD CONSTRAINT "strands_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strands" ADD CONSTRAINT "strands_learning_area_id_learning_areas_id_fk" FOREIGN KEY ("learning_area_id") REFERENCES "public"."learning_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "strands_school_idx" ON "strands" USING btree ("school_id");