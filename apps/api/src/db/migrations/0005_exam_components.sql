CREATE TABLE "exam_components" (
	"school_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"component_exam_id" integer NOT NULL,
	"weight" integer NOT NULL,
	CONSTRAINT "exam_components_exam_id_component_exam_id_pk" PRIMARY KEY("exam_id","component_exam_id"),
	CONSTRAINT "exam_components_weight" CHECK ("exam_components"."weight" between 1 and 100),
	CONSTRAINT "exam_components_not_itself" CHECK ("exam_components"."exam_id" <> "exam_components"."component_exam_id")
);
--> statement-breakpoint
ALTER TABLE "exam_components" ADD CONSTRAINT "exam_components_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_components" ADD CONSTRAINT "exam_components_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_components" ADD CONSTRAINT "exam_components_component_exam_id_exams_id_fk" FOREIGN KEY ("component_exam_id") REFERENCES "public"."exams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_components_component_idx" ON "exam_components" USING btree ("component_exam_id");