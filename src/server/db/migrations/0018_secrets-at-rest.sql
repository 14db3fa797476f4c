CREATE TABLE "app_secret_check" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"sealed" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_tokens" DROP CONSTRAINT "feed_tokens_token_unique";--> statement-breakpoint
ALTER TABLE "feed_tokens" ADD COLUMN "token_hash" text;--> statement-breakpoint
-- Existing feed URLs keep working: their tokens' SHA-256, as the app computes it (hex). The
-- tokens themselves are sealed with APP_SECRET at the next start (the key is not known here).
UPDATE "feed_tokens" SET "token_hash" = encode(sha256(convert_to("token", 'UTF8')), 'hex');--> statement-breakpoint
ALTER TABLE "feed_tokens" ALTER COLUMN "token_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_tokens" ADD CONSTRAINT "feed_tokens_token_hash_unique" UNIQUE("token_hash");
