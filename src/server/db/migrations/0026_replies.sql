CREATE TABLE "user_identities" (
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_identities_user_id_source_pk" PRIMARY KEY("user_id","source")
);
--> statement-breakpoint
ALTER TABLE "mentions" ADD COLUMN "thread_id" text;--> statement-breakpoint
ALTER TABLE "mentions" ADD COLUMN "reply_item_id" text;--> statement-breakpoint
ALTER TABLE "mentions" ADD COLUMN "reply_permalink" text;--> statement-breakpoint
ALTER TABLE "mentions" ADD COLUMN "reply_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mentions" ADD COLUMN "reply_score" integer;--> statement-breakpoint
ALTER TABLE "mentions" ADD COLUMN "reply_replies" integer;--> statement-breakpoint
ALTER TABLE "mentions" ADD COLUMN "reply_refreshed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_identities_name_idx" ON "user_identities" USING btree ("source","name_key");--> statement-breakpoint
CREATE INDEX "mentions_thread_idx" ON "mentions" USING btree ("source","thread_id") WHERE "mentions"."thread_id" is not null and "mentions"."reply_item_id" is null;--> statement-breakpoint
-- The threads of the past week's mentions, where a member's reply may still come: a post is its
-- own thread, a Reddit comment's post is in its permalink (/comments/<id>/). Other sites'
-- comments name their story nowhere in the row: they get one as they are stored from now on.
UPDATE "mentions" SET "thread_id" = CASE
  WHEN NOT "is_comment" THEN "item_id"
  WHEN "source" = 'reddit' THEN 't3_' || substring("permalink" from '/comments/([0-9a-z]+)/')
END
WHERE "reddit_created_at" > now() - interval '7 days';
