CREATE TABLE "exclusion_filtered_matches" (
	"alert_id" integer NOT NULL,
	"item_id" text NOT NULL,
	"workspace_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "exclusion_filtered_matches_alert_id_item_id_pk" PRIMARY KEY("alert_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "exclusion_filtered_matches" ADD CONSTRAINT "exclusion_filtered_matches_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exclusion_filtered_matches_day_idx" ON "exclusion_filtered_matches" USING btree ("day");