-- Channels that already share a name (case aside) with an older channel of the same user keep
-- it with their id added, "Team hook (12)", so that the unique index below can be built.
UPDATE "channels" SET "name" = "channels"."name" || ' (' || "channels"."id" || ')'
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "user_id", lower("name") ORDER BY "id") AS "rank"
  FROM "channels"
) AS "ranked"
WHERE "ranked"."id" = "channels"."id" AND "ranked"."rank" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "channels_user_name_idx" ON "channels" USING btree ("user_id",lower("name"));
