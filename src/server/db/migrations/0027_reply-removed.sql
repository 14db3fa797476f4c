ALTER TABLE "mentions" ADD COLUMN "reply_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mentions" ADD COLUMN "reply_child_ids" text[];--> statement-breakpoint
CREATE INDEX "mentions_reply_item_idx" ON "mentions" USING btree ("source","reply_item_id") WHERE "mentions"."reply_item_id" is not null;