CREATE TABLE "bluesky_handles" (
	"did" text PRIMARY KEY NOT NULL,
	"handle" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_reads" (
	"source" text PRIMARY KEY NOT NULL,
	"cursor" jsonb,
	"last_read_at" timestamp with time zone,
	"lag_seconds" real,
	"last_error" text,
	"error_since" timestamp with time zone,
	"skipped" integer DEFAULT 0 NOT NULL,
	"skipped_since" timestamp with time zone,
	"lease_owner" text,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "mentions_alert_item_uq";--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "sources" text[] DEFAULT ARRAY['reddit']::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "mentions" ADD COLUMN "source" text DEFAULT 'reddit' NOT NULL;--> statement-breakpoint
ALTER TABLE "mentions" ADD COLUMN "community" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "mentions_alert_source_item_uq" ON "mentions" USING btree ("alert_id","source","reddit_id");--> statement-breakpoint
-- Every mention so far is Reddit's: where it was posted is its subreddit.
UPDATE "mentions" SET "community" = "subreddit";
