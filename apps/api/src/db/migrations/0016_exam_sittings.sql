CREATE TABLE "exam_sittings" (
	"exam_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"marks" json NOT NULL,
	CONSTRAINT "exam_sittings_exam_id_student_id_pk" PRIMARY KEY("exam_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "exam_sittings" ADD CONSTRAINT "exam_sittings_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sittings" ADD CONSTRAINT "exam_sittings_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sittings" ADD CONSTRAINT "exam_sittings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sittings" ADD CONSTRAINT "exam_sittings_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_sittings_exam_class_idx" ON "exam_sittings" USING btree ("exam_id","class_id");--> statement-breakpoint
-- exam_sittings is kept from exam_scores by the database: after each statement that changes marks,
-- the rows of the (exam, student) pairs it touched are written again from their marks. A mark is
-- written as results read it (modules/results: the score as a JSON number, else its code X or Y).
CREATE FUNCTION "exam_sittings_rewrite"("exam_ids" integer[], "student_ids" integer[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM exam_sittings x
  USING unnest(exam_ids, student_ids) AS p(exam_id, student_id)
  WHERE x.exam_id = p.exam_id AND x.student_id = p.student_id;
  INSERT INTO exam_sittings (exam_id, student_id, school_id, class_id, marks)
  SELECT es.exam_id, es.student_id, min(es.school_id),
         mode() WITHIN GROUP (ORDER BY es.class_id),
         json_object_agg(es.subject_id, coalesce(es.score::text::json, to_json(es.mark_code))
                         ORDER BY es.subject_id)
  FROM exam_scores es
  JOIN (SELECT DISTINCT * FROM unnest(exam_ids, student_ids)) AS p(exam_id, student_id)
    ON es.exam_id = p.exam_id AND es.student_id = p.student_id
  GROUP BY es.exam_id, es.student_id;
$$;
--> statement-breakpoint
-- One function for the three triggers: a branch not taken never reads a transition table its
-- trigger does not have.
CREATE FUNCTION "exam_sittings_after_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM exam_sittings_rewrite(array_agg(exam_id), array_agg(student_id)) FROM new_marks;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM exam_sittings_rewrite(array_agg(exam_id), array_agg(student_id))
    FROM (SELECT exam_id, student_id FROM new_marks
          UNION SELECT exam_id, student_id FROM old_marks) p;
  ELSE
    PERFORM exam_sittings_rewrite(array_agg(exam_id), array_agg(student_id)) FROM old_marks;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "exam_scores_sittings_insert" AFTER INSERT ON "exam_scores"
REFERENCING NEW TABLE AS new_marks FOR EACH STATEMENT EXECUTE FUNCTION exam_sittings_after_write();
--> statement-breakpoint
CREATE TRIGGER "exam_scores_sittings_update" AFTER UPDATE ON "exam_scores"
REFERENCING OLD TABLE AS old_marks NEW TABLE AS new_marks FOR EACH STATEMENT EXECUTE FUNCTION exam_sittings_after_write();
--> statement-breakpoint
CREATE TRIGGER "exam_scores_sittings_delete" AFTER DELETE ON "exam_scores"
REFERENCING OLD TABLE AS old_marks FOR EACH STATEMENT EXECUTE FUNCTION exam_sittings_after_write();
--> statement-breakpoint
-- The marks already kept.
SELECT exam_sittings_rewrite(array_agg(exam_id), array_agg(student_id))
FROM (SELECT DISTINCT exam_id, student_id FROM exam_scores) p;
