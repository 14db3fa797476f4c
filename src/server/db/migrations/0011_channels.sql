CREATE TABLE "alert_channels" (
	"alert_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	CONSTRAINT "alert_channels_alert_id_channel_id_pk" PRIMARY KEY("alert_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "channel_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"mention_id" integer NOT NULL,
	"alert_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"last_status" integer,
	"webhook_id" text DEFAULT 'msg_' || replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"target" text NOT NULL,
	"token" text,
	"signing_secret" text,
	"is_paused" boolean DEFAULT false NOT NULL,
	"paused_reason" text,
	"last_delivery_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_channels" ADD CONSTRAINT "alert_channels_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_channels" ADD CONSTRAINT "alert_channels_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_deliveries" ADD CONSTRAINT "channel_deliveries_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_deliveries" ADD CONSTRAINT "channel_deliveries_mention_id_mentions_id_fk" FOREIGN KEY ("mention_id") REFERENCES "public"."mentions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_channels_channel_idx" ON "alert_channels" USING btree ("channel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_deliveries_mention_channel_uq" ON "channel_deliveries" USING btree ("mention_id","channel_id");--> statement-breakpoint
CREATE INDEX "channel_deliveries_due_idx" ON "channel_deliveries" USING btree ("next_attempt_at") WHERE "channel_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "channel_deliveries_channel_status_idx" ON "channel_deliveries" USING btree ("channel_id","status");--> statement-breakpoint
CREATE INDEX "channels_user_idx" ON "channels" USING btree ("user_id");