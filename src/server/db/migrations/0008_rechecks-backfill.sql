CREATE TABLE "alert_backfills" (
	"alert_id" integer NOT NULL,
	"query_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"stored" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "alert_backfills_alert_id_query_key_pk" PRIMARY KEY("alert_id","query_key")
);
--> statement-breakpoint
CREATE TABLE "score_candidates" (
	"alert_id" integer NOT NULL,
	"reddit_id" text NOT NULL,
	"item" jsonb NOT NULL,
	"matched_keyword" text NOT NULL,
	"score" integer NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_check_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "score_candidates_alert_id_reddit_id_pk" PRIMARY KEY("alert_id","reddit_id")
);
--> statement-breakpoint
ALTER TABLE "mentions" ADD COLUMN "is_backfilled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mentions" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mentions" ADD COLUMN "refreshed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_backfills" ADD CONSTRAINT "alert_backfills_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_candidates" ADD CONSTRAINT "score_candidates_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_backfills_pending_idx" ON "alert_backfills" USING btree ("next_attempt_at") WHERE "alert_backfills"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "score_candidates_next_check_idx" ON "score_candidates" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "mentions_reddit_created_idx" ON "mentions" USING btree ("reddit_created_at");--> statement-breakpoint
CREATE INDEX "mentions_reddit_id_idx" ON "mentions" USING btree ("reddit_id");