CREATE TABLE "digest_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"message_id" text NOT NULL,
	"status" text NOT NULL,
	"slot_at" timestamp with time zone NOT NULL,
	"mention_ids" integer[] NOT NULL,
	"mention_count" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "digest_runs_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
ALTER TABLE "digest_configs" ADD COLUMN "next_slot_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "digest_configs" ADD COLUMN "retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "digest_configs" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "digest_configs" ADD COLUMN "unsubscribe_secret" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "digest_runs" ADD CONSTRAINT "digest_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "digest_runs_user_created_idx" ON "digest_runs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "digest_runs_one_open_uq" ON "digest_runs" USING btree ("user_id") WHERE "digest_runs"."status" in ('pending', 'retry', 'sending');--> statement-breakpoint
CREATE INDEX "digest_configs_next_slot_idx" ON "digest_configs" USING btree ("next_slot_at") WHERE "digest_configs"."is_active";--> statement-breakpoint
CREATE INDEX "digest_configs_retry_idx" ON "digest_configs" USING btree ("retry_at");--> statement-breakpoint
CREATE INDEX "mentions_undigested_idx" ON "mentions" USING btree ("user_id") WHERE not "mentions"."is_included_in_digest";--> statement-breakpoint
-- Accounts made before digests existed get the default settings, in the timezone they registered with.
INSERT INTO "digest_configs" ("user_id", "timezone") SELECT "id", "timezone" FROM "users" ON CONFLICT ("user_id") DO NOTHING;
