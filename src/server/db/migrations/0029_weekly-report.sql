CREATE TABLE "weekly_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"week" text NOT NULL,
	"message_id" text NOT NULL,
	"status" text NOT NULL,
	"slot_at" timestamp with time zone NOT NULL,
	"mention_count" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"leased_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "weekly_reports_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
ALTER TABLE "digest_configs" ADD COLUMN "weekly_report" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "digest_configs" ADD COLUMN "weekly_report_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "weekly_reports" ADD CONSTRAINT "weekly_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "weekly_reports_user_week_uq" ON "weekly_reports" USING btree ("user_id","week");--> statement-breakpoint
CREATE INDEX "weekly_reports_open_idx" ON "weekly_reports" USING btree ("next_attempt_at") WHERE "weekly_reports"."status" in ('pending', 'retry', 'sending');--> statement-breakpoint
CREATE INDEX "digest_configs_weekly_report_idx" ON "digest_configs" USING btree ("weekly_report_at") WHERE "digest_configs"."weekly_report";