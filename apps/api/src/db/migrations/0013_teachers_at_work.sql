CREATE TABLE "mark_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"old_score" numeric(5, 2),
	"old_code" text,
	"new_score" numeric(5, 2),
	"new_code" text,
	"changed_by" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaching_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_by" integer,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "exam_scores" ADD COLUMN "class_id" integer;--> statement-breakpoint
-- Marks entered before this migration were entered in the class the student is in now.
UPDATE "exam_scores" SET "class_id" = "students"."class_id" FROM "students" WHERE "students"."id" = "exam_scores"."student_id";--> statement-breakpoint
ALTER TABLE "exam_scores" ALTER COLUMN "class_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "left_on" date;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "left_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mark_changes" ADD CONSTRAINT "mark_changes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_changes" ADD CONSTRAINT "mark_changes_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_changes" ADD CONSTRAINT "mark_changes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_changes" ADD CONSTRAINT "mark_changes_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mark_changes_exam_student_idx" ON "mark_changes" USING btree ("exam_id","student_id","id");--> statement-breakpoint
CREATE INDEX "mark_changes_school_changed_idx" ON "mark_changes" USING btree ("school_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_assignments_current_key" ON "teaching_assignments" USING btree ("teacher_id","class_id","subject_id") WHERE "teaching_assignments"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "teaching_assignments_class_subject_idx" ON "teaching_assignments" USING btree ("class_id","subject_id");--> statement-breakpoint
ALTER TABLE "exam_scores" ADD CONSTRAINT "exam_scores_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_scores_class_exam_idx" ON "exam_scores" USING btree ("class_id","exam_id");