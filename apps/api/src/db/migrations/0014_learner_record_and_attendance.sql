CREATE TABLE "attendance_marks" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"date" date NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"recorded_by" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"absence_sms_at" timestamp with time zone,
	CONSTRAINT "attendance_marks_student_date_key" UNIQUE("student_id","date")
);
--> statement-breakpoint
ALTER TABLE "parents" ADD COLUMN "national_id_number" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "upi" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "birth_certificate_number" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "nationality" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "county" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "sub_county" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "special_needs" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "medical_condition" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "nhif_number" text;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_marks_school_date_idx" ON "attendance_marks" USING btree ("school_id","date");--> statement-breakpoint
CREATE INDEX "attendance_marks_class_date_idx" ON "attendance_marks" USING btree ("class_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "students_school_upi_key" ON "students" USING btree ("school_id","upi") WHERE "students"."upi" is not null;