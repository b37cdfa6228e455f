CREATE TABLE "payment_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "payments_mpesa_reference_key";--> statement-breakpoint
-- Receipts and imported bank references are compared trimmed and in upper case (decision 016).
-- Two rows of one school that are one reference so compared: the later keeps its place with a
-- marked reference, and is queued for the admin to reverse its extra credit.
UPDATE "payments" AS p SET "reference" = d.normalised || '-DUPLICATE-' || p.id
FROM (
	SELECT "id", upper(btrim("reference")) AS normalised,
		row_number() OVER (PARTITION BY "school_id", "method", upper(btrim("reference")) ORDER BY "id") AS n
	FROM "payments"
	WHERE "reference" IS NOT NULL AND ("method" = 'mpesa' OR ("method" = 'bank' AND "source" = 'import'))
) AS d
WHERE d.id = p.id AND d.n > 1;--> statement-breakpoint
INSERT INTO "payment_reviews" ("school_id", "payment_id", "kind", "reason")
SELECT "school_id", "id", 'duplicate_reference',
	'This payment''s reference was recorded twice by the school, once in other letters (before Shule compared references in upper case): if it is one payment, reverse this one''s credit.'
FROM "payments" WHERE "reference" LIKE '%-DUPLICATE-' || "id";--> statement-breakpoint
UPDATE "payments" SET "reference" = upper(btrim("reference"))
WHERE "reference" IS NOT NULL AND ("method" = 'mpesa' OR ("method" = 'bank' AND "source" = 'import'))
	AND "reference" <> upper(btrim("reference"));--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD CONSTRAINT "payment_reviews_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD CONSTRAINT "payment_reviews_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reviews_payment_kind_key" ON "payment_reviews" USING btree ("payment_id","kind");--> statement-breakpoint
CREATE INDEX "payment_reviews_open_idx" ON "payment_reviews" USING btree ("school_id") WHERE "payment_reviews"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_school_mpesa_reference_key" ON "payments" USING btree ("school_id",upper(btrim("reference"))) WHERE "payments"."method" = 'mpesa';--> statement-breakpoint
CREATE INDEX "payments_mpesa_reference_idx" ON "payments" USING btree (upper(btrim("reference"))) WHERE "payments"."method" = 'mpesa';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_school_bank_import_reference_key" ON "payments" USING btree ("school_id",upper(btrim("reference"))) WHERE "payments"."method" = 'bank' and "payments"."source" = 'import';