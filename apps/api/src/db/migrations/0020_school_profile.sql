ALTER TABLE "schools" ADD COLUMN "levels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "motto" text;