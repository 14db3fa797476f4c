CREATE TABLE "reddit_post_ids" (
	"id" bigint PRIMARY KEY NOT NULL,
	"recheck_at" timestamp with time zone,
	"checks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reddit_post_ids_recheck_idx" ON "reddit_post_ids" USING btree ("recheck_at") WHERE "reddit_post_ids"."recheck_at" is not null;