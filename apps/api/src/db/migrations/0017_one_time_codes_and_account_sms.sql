CREATE TABLE "account_sms" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"content" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"gateway_status" text,
	"reason" text,
	"gateway_message_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"send_before" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"phone_number" text NOT NULL,
	"user_id" integer,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"pending" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_sms_queue_idx" ON "account_sms" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "account_sms_created_idx" ON "account_sms" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_sms_gateway_id_key" ON "account_sms" USING btree ("gateway_message_id");--> statement-breakpoint
CREATE INDEX "one_time_codes_phone_idx" ON "one_time_codes" USING btree ("phone_number","purpose","id");