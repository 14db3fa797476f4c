CREATE TABLE "analytics_tops" (
	"workspace_id" integer NOT NULL,
	"days" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"communities" jsonb NOT NULL,
	"authors" jsonb NOT NULL,
	CONSTRAINT "analytics_tops_workspace_id_days_pk" PRIMARY KEY("workspace_id","days")
);
--> statement-breakpoint
CREATE TABLE "item_hourly_counts" (
	"workspace_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "item_hourly_counts_workspace_id_hour_source_pk" PRIMARY KEY("workspace_id","hour","source")
);
--> statement-breakpoint
CREATE TABLE "mention_hourly_counts" (
	"workspace_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"alert_id" integer NOT NULL,
	"mentions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mention_hourly_counts_workspace_id_hour_alert_id_pk" PRIMARY KEY("workspace_id","hour","alert_id")
);
--> statement-breakpoint
ALTER TABLE "analytics_tops" ADD CONSTRAINT "analytics_tops_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_hourly_counts" ADD CONSTRAINT "item_hourly_counts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mention_hourly_counts" ADD CONSTRAINT "mention_hourly_counts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What a change to mentions shifts in the hourly counts (decision 034): the rows as they were
-- and as they are now, narrowed to what counting needs (a row of the whole table per changed
-- mention would hold every title and body in memory).
CREATE TYPE "mention_count_row" AS (
  "id" integer, "workspace_id" integer, "item_id" text, "alert_id" integer, "source" text,
  "hour" timestamp with time zone, "visible" boolean
);
--> statement-breakpoint
-- Adds the visible rows of `after_rows` to the keywords' counts and takes away those of
-- `before_rows`; moves each touched item's count to the hour and site of its lowest-id visible
-- mention now. Skips workspaces being deleted (their counts go with them), and drops rows
-- counted down to nothing.
CREATE FUNCTION "mention_counts_shift"(before_rows mention_count_row[], after_rows mention_count_row[])
RETURNS void LANGUAGE sql AS $$
  WITH b AS (SELECT * FROM unnest(before_rows)),
  a AS (SELECT * FROM unnest(after_rows)),
  touched AS (SELECT DISTINCT workspace_id, item_id FROM (SELECT workspace_id, item_id FROM b UNION ALL SELECT workspace_id, item_id FROM a) x),
  changed AS (SELECT id FROM b UNION SELECT id FROM a),
  rows_now AS (
    SELECT m.id, m.workspace_id, m.item_id, m.source, date_trunc('hour', m.reddit_created_at) AS hour
    FROM mentions m JOIN touched t ON m.workspace_id = t.workspace_id AND m.item_id = t.item_id
    WHERE NOT m.hidden),
  rows_before AS (
    SELECT * FROM rows_now WHERE id NOT IN (SELECT id FROM changed)
    UNION ALL SELECT id, workspace_id, item_id, source, hour FROM b WHERE visible),
  holder_before AS (SELECT DISTINCT ON (workspace_id, item_id) * FROM rows_before ORDER BY workspace_id, item_id, id),
  holder_now AS (SELECT DISTINCT ON (workspace_id, item_id) * FROM rows_now ORDER BY workspace_id, item_id, id),
  keyword_deltas AS (
    SELECT workspace_id, hour, alert_id, sum(d)::int AS d FROM (
      SELECT workspace_id, hour, alert_id, -1 AS d FROM b WHERE visible
      UNION ALL SELECT workspace_id, hour, alert_id, 1 FROM a WHERE visible) x
    WHERE EXISTS (SELECT 1 FROM workspaces w WHERE w.id = x.workspace_id)
    GROUP BY workspace_id, hour, alert_id HAVING sum(d) <> 0),
  item_deltas AS (
    SELECT workspace_id, hour, source, sum(d)::int AS d FROM (
      SELECT workspace_id, hour, source, -1 AS d FROM holder_before
      UNION ALL SELECT workspace_id, hour, source, 1 FROM holder_now) x
    WHERE EXISTS (SELECT 1 FROM workspaces w WHERE w.id = x.workspace_id)
    GROUP BY workspace_id, hour, source HAVING sum(d) <> 0),
  keywords AS (
    INSERT INTO mention_hourly_counts AS c (workspace_id, hour, alert_id, mentions)
    SELECT * FROM keyword_deltas
    ON CONFLICT (workspace_id, hour, alert_id) DO UPDATE SET mentions = c.mentions + excluded.mentions)
  INSERT INTO item_hourly_counts AS c (workspace_id, hour, source, items)
  SELECT * FROM item_deltas
  ON CONFLICT (workspace_id, hour, source) DO UPDATE SET items = c.items + excluded.items;
  DELETE FROM mention_hourly_counts c USING (SELECT DISTINCT workspace_id, hour, alert_id FROM unnest(before_rows)) b
  WHERE c.workspace_id = b.workspace_id AND c.hour = b.hour AND c.alert_id = b.alert_id AND c.mentions = 0;
  DELETE FROM item_hourly_counts c USING (SELECT DISTINCT workspace_id, hour, source FROM unnest(before_rows)) b
  WHERE c.workspace_id = b.workspace_id AND c.hour = b.hour AND c.source = b.source AND c.items = 0;
$$;
--> statement-breakpoint
CREATE FUNCTION "mention_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mention_counts_shift('{}', array(
    SELECT row(n.id, n.workspace_id, n.item_id, n.alert_id, n.source, date_trunc('hour', n.reddit_created_at), NOT n.hidden)::mention_count_row
    FROM new_mentions n));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "mention_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mention_counts_shift(array(
    SELECT row(o.id, o.workspace_id, o.item_id, o.alert_id, o.source, date_trunc('hour', o.reddit_created_at), NOT o.hidden)::mention_count_row
    FROM old_mentions o), '{}');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Most updates (read, replied, digested, a score re-check) change nothing counted: only the
-- rows whose visibility or place changed are shifted, and none at all costs one join.
CREATE FUNCTION "mention_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before_rows mention_count_row[];
  after_rows mention_count_row[];
BEGIN
  SELECT array_agg(row(o.id, o.workspace_id, o.item_id, o.alert_id, o.source, date_trunc('hour', o.reddit_created_at), NOT o.hidden)::mention_count_row),
         array_agg(row(n.id, n.workspace_id, n.item_id, n.alert_id, n.source, date_trunc('hour', n.reddit_created_at), NOT n.hidden)::mention_count_row)
  INTO before_rows, after_rows
  FROM old_mentions o JOIN new_mentions n ON n.id = o.id
  WHERE o.hidden <> n.hidden OR o.reddit_created_at <> n.reddit_created_at OR o.alert_id <> n.alert_id
    OR o.item_id <> n.item_id OR o.workspace_id <> n.workspace_id OR o.source <> n.source;
  IF before_rows IS NOT NULL THEN
    PERFORM mention_counts_shift(before_rows, after_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "mention_counts_insert" AFTER INSERT ON "mentions" REFERENCING NEW TABLE AS new_mentions
  FOR EACH STATEMENT EXECUTE FUNCTION mention_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER "mention_counts_delete" AFTER DELETE ON "mentions" REFERENCING OLD TABLE AS old_mentions
  FOR EACH STATEMENT EXECUTE FUNCTION mention_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER "mention_counts_update" AFTER UPDATE ON "mentions" REFERENCING OLD TABLE AS old_mentions NEW TABLE AS new_mentions
  FOR EACH STATEMENT EXECUTE FUNCTION mention_counts_after_update();
--> statement-breakpoint
-- The counts of the mentions stored so far.
INSERT INTO "mention_hourly_counts" ("workspace_id", "hour", "alert_id", "mentions")
SELECT "workspace_id", date_trunc('hour', "reddit_created_at"), "alert_id", count(*)
FROM "mentions" WHERE NOT "hidden" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "item_hourly_counts" ("workspace_id", "hour", "source", "items")
SELECT "workspace_id", date_trunc('hour', "reddit_created_at"), "source", count(*)
FROM (SELECT DISTINCT ON ("workspace_id", "item_id") * FROM "mentions" WHERE NOT "hidden"
      ORDER BY "workspace_id", "item_id", "id") m
GROUP BY 1, 2, 3;
--> statement-breakpoint
-- The replies' figures of a period read from this index alone (not in the Drizzle schema: it
-- cannot say INCLUDE); mentions_user_replied_idx still serves the feed's Replied filter.
CREATE INDEX "mentions_replied_figures_idx" ON "mentions" ("workspace_id", "reddit_created_at")
  INCLUDE ("item_id", "replied_at", "reply_item_id", "reply_score", "reply_replies")
  WHERE "has_replied" AND NOT "hidden";
