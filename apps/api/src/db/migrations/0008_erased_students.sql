ALTER TABLE "students" ALTER COLUMN "date_of_birth" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "erased_at" timestamp with time zone;