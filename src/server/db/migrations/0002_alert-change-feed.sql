-- Alert change feed (src/server/matching/change-feed.ts): every insert, delete, and update
-- of a column that matching reads writes the alert id to "alert_changes" and notifies
-- channel "alert_changes", so that worker processes update their matching index within
-- seconds of a change made through any web process. Updates of bookkeeping columns
-- (last_polled_at, next_poll_at, last_error, ...) are not logged.
-- "tx" is the writing transaction's id: readers consume rows whose transaction ended
-- before their snapshot's xmin, so a transaction that commits late is never skipped.
CREATE TABLE "alert_changes" (
	"version" bigserial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"tx" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "alert_changes_tx_idx" ON "alert_changes" USING btree ("tx");
--> statement-breakpoint
-- One row: rows of transactions below "pruned_below_tx" may have been deleted, so a reader
-- whose cursor is older must reload every alert.
CREATE TABLE "alert_change_log_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"pruned_below_tx" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "alert_change_log_state" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "earshot_alert_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed_id integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
	written bigint;
BEGIN
	INSERT INTO "alert_changes" ("alert_id") VALUES (changed_id) RETURNING "version" INTO written;
	PERFORM pg_notify('alert_changes', changed_id::text);
	-- Self-pruning: once per 1,000 changes, forget changes older than a day.
	IF written % 1000 = 0 THEN
		WITH gone AS (
			DELETE FROM "alert_changes" WHERE "changed_at" < now() - interval '1 day' RETURNING "tx"
		)
		UPDATE "alert_change_log_state"
		SET "pruned_below_tx" = GREATEST("pruned_below_tx", (SELECT max("tx") + 1 FROM gone))
		WHERE "id" = 1;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "alerts_change_feed_insert_delete" AFTER INSERT OR DELETE ON "alerts"
FOR EACH ROW EXECUTE FUNCTION "earshot_alert_changed"();
--> statement-breakpoint
CREATE TRIGGER "alerts_change_feed_update" AFTER UPDATE ON "alerts"
FOR EACH ROW WHEN (
	(OLD.keyword, OLD.subreddits, OLD.include_comments, OLD.titles_only, OLD.min_score, OLD.is_active, OLD.is_paused)
	IS DISTINCT FROM
	(NEW.keyword, NEW.subreddits, NEW.include_comments, NEW.titles_only, NEW.min_score, NEW.is_active, NEW.is_paused)
) EXECUTE FUNCTION "earshot_alert_changed"();
