CREATE TABLE "exam_classes" (
	"school_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	CONSTRAINT "exam_classes_exam_id_class_id_pk" PRIMARY KEY("exam_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "student_subjects" (
	"school_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	CONSTRAINT "student_subjects_student_id_subject_id_pk" PRIMARY KEY("student_id","subject_id")
);
--> statement-breakpoint
ALTER TABLE "exam_scores" ALTER COLUMN "score" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_scores" ADD COLUMN "mark_code" text;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "term_id" integer;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "grading_scheme" text;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "levels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "kcse_group" text;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "level" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "entry_exam" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "entry_index_number" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "entry_marks" integer;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "postal_address" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "grading_scheme" text DEFAULT 'average' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_classes" ADD CONSTRAINT "exam_classes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_classes" ADD CONSTRAINT "exam_classes_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_classes" ADD CONSTRAINT "exam_classes_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_subjects" ADD CONSTRAINT "student_subjects_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_subjects" ADD CONSTRAINT "student_subjects_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_subjects" ADD CONSTRAINT "student_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_classes_class_idx" ON "exam_classes" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "student_subjects_subject_idx" ON "student_subjects" USING btree ("subject_id");--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exams_term_idx" ON "exams" USING btree ("term_id");--> statement-breakpoint
ALTER TABLE "exam_scores" ADD CONSTRAINT "exam_scores_score_or_code" CHECK (("exam_scores"."score" is null) <> ("exam_scores"."mark_code" is null) and ("exam_scores"."mark_code" is null or "exam_scores"."mark_code" in ('X', 'Y')));--> statement-breakpoint
-- A school that applied the one-click KCSE scale (its A carries 12 points) already grades by KCSE.
UPDATE "schools" SET "grading_scheme" = 'kcse' WHERE EXISTS (SELECT 1 FROM "grades" g WHERE g."school_id" = "schools"."id" AND g."code" = 'A' AND g."points" = 12);
