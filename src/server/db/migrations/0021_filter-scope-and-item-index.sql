ALTER TABLE "alerts" ADD COLUMN "filter_scope_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "mentions_user_item_idx" ON "mentions" USING btree ("user_id","reddit_id","id");--> statement-breakpoint
-- Keywords stored before top-level filters applied to the whole query: those that may have
-- changed meaning (an OR and a field filter) are flagged; the server parses them to tell.
UPDATE "alerts" SET "filter_scope_review" = true WHERE "keyword" LIKE '%OR%' AND "keyword" LIKE '%:%';
