DROP INDEX "mentions_user_created_idx";--> statement-breakpoint
CREATE INDEX "mentions_user_created_alert_idx" ON "mentions" USING btree ("user_id","created_at","alert_id");--> statement-breakpoint
CREATE INDEX "mentions_user_feed_idx" ON "mentions" USING btree ("user_id","reddit_created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mentions_user_replied_idx" ON "mentions" USING btree ("user_id","reddit_created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "mentions"."has_replied";