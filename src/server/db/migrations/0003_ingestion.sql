CREATE TABLE "ingestion_gaps" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"from_time" timestamp with time zone NOT NULL,
	"to_time" timestamp with time zone NOT NULL,
	"estimated_items" integer NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mention_quota_skips" (
	"user_id" integer NOT NULL,
	"month" timestamp with time zone NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mention_quota_skips_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
CREATE TABLE "reddit_client_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"budget" jsonb,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"last_error_kind" text,
	"error_since" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reddit_listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"kind" text NOT NULL,
	"subreddits" text,
	"is_planned" boolean DEFAULT true NOT NULL,
	"cursor_fullname" text,
	"cursor_created_at" timestamp with time zone,
	"resync" boolean DEFAULT false NOT NULL,
	"overlap_read_at" timestamp with time zone,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"interval_ms" integer DEFAULT 30000 NOT NULL,
	"items_per_minute" double precision DEFAULT 0 NOT NULL,
	"last_read_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"error_since" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"items_seen" bigint DEFAULT 0 NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subreddits" (
	"name" text PRIMARY KEY NOT NULL,
	"seen_in_all_at" timestamp with time zone,
	"access" text DEFAULT 'ok' NOT NULL,
	"access_checked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ingestion_gaps" ADD CONSTRAINT "ingestion_gaps_listing_id_reddit_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."reddit_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mention_quota_skips" ADD CONSTRAINT "mention_quota_skips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ingestion_gaps_detected_idx" ON "ingestion_gaps" USING btree ("detected_at");--> statement-breakpoint
CREATE INDEX "reddit_listings_due_idx" ON "reddit_listings" USING btree ("next_poll_at") WHERE "reddit_listings"."is_planned";--> statement-breakpoint
INSERT INTO "reddit_client_state" ("id") VALUES (1) ON CONFLICT DO NOTHING;
