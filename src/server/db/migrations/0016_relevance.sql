CREATE TABLE "alert_relevance" (
	"alert_id" integer PRIMARY KEY NOT NULL,
	"hide_irrelevant" boolean DEFAULT false NOT NULL,
	"labels_version" integer DEFAULT 0 NOT NULL,
	"trained_version" integer DEFAULT 0 NOT NULL,
	"model" jsonb,
	"model_id" text,
	"trained_at" timestamp with time zone,
	"trained_relevant" integer DEFAULT 0 NOT NULL,
	"trained_irrelevant" integer DEFAULT 0 NOT NULL,
	"precision" real,
	"recall" real
);
--> statement-breakpoint
ALTER TABLE "mentions" ADD COLUMN "feedback" text;--> statement-breakpoint
ALTER TABLE "mentions" ADD COLUMN "feedback_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mentions" ADD COLUMN "relevance" real;--> statement-breakpoint
ALTER TABLE "mentions" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_relevance" ADD CONSTRAINT "alert_relevance_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mentions_feedback_idx" ON "mentions" USING btree ("alert_id") WHERE "mentions"."feedback" is not null;--> statement-breakpoint
CREATE INDEX "mentions_user_hidden_idx" ON "mentions" USING btree ("user_id","created_at") WHERE "mentions"."hidden";