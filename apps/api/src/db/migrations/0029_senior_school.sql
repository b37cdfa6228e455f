CREATE TABLE "kjsea_results" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"junior_school" text,
	"levels" jsonb NOT NULL,
	"recorded_by" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "senior_choices" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"pathway_id" integer NOT NULL,
	"combination_id" integer NOT NULL,
	"mathematics" text NOT NULL,
	"language" text NOT NULL,
	"from_date" date NOT NULL,
	"set_by" integer NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "senior_choices_mathematics" CHECK ("senior_choices"."mathematics" in ('core', 'essential')),
	CONSTRAINT "senior_choices_language" CHECK ("senior_choices"."language" in ('KIS', 'KSL'))
);
--> statement-breakpoint
CREATE TABLE "senior_combination_subjects" (
	"school_id" integer NOT NULL,
	"combination_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	CONSTRAINT "senior_combination_subjects_combination_id_subject_id_pk" PRIMARY KEY("combination_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "senior_combinations" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"pathway_id" integer NOT NULL,
	"name" text NOT NULL,
	"capacity" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "senior_combinations_school_name_key" UNIQUE("school_id","name"),
	CONSTRAINT "senior_combinations_capacity" CHECK ("senior_combinations"."capacity" is null or "senior_combinations"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "senior_pathways" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"core_mathematics" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "senior_pathways_school_name_key" UNIQUE("school_id","name")
);
--> statement-breakpoint
CREATE TABLE "senior_settings" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"core_mathematics_from" text,
	"internal_ranking" boolean DEFAULT false NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "senior_subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"kind" text NOT NULL,
	"track_id" integer,
	"core_option" text,
	CONSTRAINT "senior_subjects_school_subject_key" UNIQUE("school_id","subject_id"),
	CONSTRAINT "senior_subjects_kind" CHECK ("senior_subjects"."kind" in ('core', 'elective')),
	CONSTRAINT "senior_subjects_elective_has_track" CHECK (("senior_subjects"."kind" = 'elective') = ("senior_subjects"."track_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "senior_tracks" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"pathway_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "senior_tracks_pathway_name_key" UNIQUE("pathway_id","name")
);
--> statement-breakpoint
CREATE TABLE "teaching_group_members" (
	"school_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	CONSTRAINT "teaching_group_members_group_id_student_id_pk" PRIMARY KEY("group_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "teaching_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"level" text NOT NULL,
	"subject_id" integer NOT NULL,
	"name" text NOT NULL,
	"teacher_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teaching_groups_school_name_key" UNIQUE("school_id","level","name")
);
--> statement-breakpoint
ALTER TABLE "kjsea_results" ADD CONSTRAINT "kjsea_results_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kjsea_results" ADD CONSTRAINT "kjsea_results_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senior_choices" ADD CONSTRAINT "senior_choices_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senior_choices" ADD CONSTRAINT "senior_choices_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senior_choices" ADD CONSTRAINT "senior_choices_pathway_id_senior_pathways_id_fk" FOREIGN KEY ("pathway_id") REFERENCES "public"."senior_pathways"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senior_choices" ADD CONSTRAINT "senior_choices_combination_id_senior_combinations_id_fk" FOREIGN KEY ("combination_id") REFERENCES "public"."senior_combinations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senior_combination_subjects" ADD CONSTRAINT "senior_combination_subjects_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senior_combination_subjects" ADD CONSTRAINT "senior_combination_subjects_combination_id_senior_combinations_id_fk" FOREIGN KEY ("combination_id") REFERENCES "public"."senior_combinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senior_combination_subjects" ADD CONSTRAINT "senior_combination_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senior_combinations" ADD CONSTRAINT "senior_combinations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senior_combinations" ADD CONSTRAINT "senior_combinations_pathway_id_senior_pathways_id_fk" FOREIGN KEY ("pathway_id") REFERENCES "public"."senior_pathways"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senior_pathways" ADD CONSTRAINT "senior_pathways_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senior_settings" ADD CONSTRAINT "senior_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senior_subjects" ADD CONSTRAINT "senior_subjects_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senior_subjects" ADD CONSTRAINT "senior_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senior_subjects" ADD CONSTRAINT "senior_subjects_track_id_senior_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."senior_tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senior_tracks" ADD CONSTRAINT "senior_tracks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senior_tracks" ADD CONSTRAINT "senior_tracks_pathway_id_senior_pathways_id_fk" FOREIGN KEY ("pathway_id") REFERENCES "public"."senior_pathways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_group_members" ADD CONSTRAINT "teaching_group_members_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_group_members" ADD CONSTRAINT "teaching_group_members_group_id_teaching_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."teaching_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_group_members" ADD CONSTRAINT "teaching_group_members_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_groups" ADD CONSTRAINT "teaching_groups_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_groups" ADD CONSTRAINT "teaching_groups_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_groups" ADD CONSTRAINT "teaching_groups_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kjsea_results_school_idx" ON "kjsea_results" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "senior_choices_student_idx" ON "senior_choices" USING btree ("student_id","from_date");--> statement-breakpoint
CREATE INDEX "senior_choices_combination_idx" ON "senior_choices" USING btree ("combination_id");--> statement-breakpoint
CREATE INDEX "teaching_group_members_student_idx" ON "teaching_group_members" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "teaching_groups_subject_idx" ON "teaching_groups" USING btree ("school_id","level","subject_id");--> statement-breakpoint
CREATE INDEX "teaching_groups_teacher_idx" ON "teaching_groups" USING btree ("teacher_id");