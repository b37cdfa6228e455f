CREATE TABLE "progress_report_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"learning_area_id" integer NOT NULL,
	"comment" text NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "progress_report_comments_key" UNIQUE("term_id","student_id","learning_area_id")
);
--> statement-breakpoint
CREATE TABLE "progress_report_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"name" text NOT NULL,
	"level" text NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "progress_report_ratings_key" UNIQUE("term_id","student_id","name")
);
--> statement-breakpoint
CREATE TABLE "progress_report_remarks" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"class_teacher_remark" text,
	"head_teacher_remark" text,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "progress_report_remarks_key" UNIQUE("term_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "report_comment_bank" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"level" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_comment_bank_fills" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"filled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "progress_report_comments" ADD CONSTRAINT "progress_report_comments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_report_comments" ADD CONSTRAINT "progress_report_comments_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_report_comments" ADD CONSTRAINT "progress_report_comments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_report_comments" ADD CONSTRAINT "progress_report_comments_learning_area_id_learning_areas_id_fk" FOREIGN KEY ("learning_area_id") REFERENCES "public"."learning_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_report_ratings" ADD CONSTRAINT "progress_report_ratings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_report_ratings" ADD CONSTRAINT "progress_report_ratings_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_report_ratings" ADD CONSTRAINT "progress_report_ratings_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_report_remarks" ADD CONSTRAINT "progress_report_remarks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_report_remarks" ADD CONSTRAINT "progress_report_remarks_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_report_remarks" ADD CONSTRAINT "progress_report_remarks_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_comment_bank" ADD CONSTRAINT "report_comment_bank_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_comment_bank_fills" ADD CONSTRAINT "report_comment_bank_fills_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_comment_bank_school_idx" ON "report_comment_bank" USING btree ("school_id");