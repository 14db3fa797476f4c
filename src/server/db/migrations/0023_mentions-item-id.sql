-- The column holds any site's item id now. PostgreSQL keeps the indexes on the renamed column.
ALTER TABLE "mentions" RENAME COLUMN "reddit_id" TO "item_id";
