-- Teams (decision 031): the team's work moves from a person to a workspace. Every account gets a
-- personal workspace whose id is its own, so each owned row keeps its number and only its column
-- is renamed: no row is rewritten and every index is kept (PostgreSQL renames their column).
CREATE TABLE "workspaces" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"billing_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"workspace_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "workspace_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
INSERT INTO "workspaces" ("id", "name", "billing_user_id", "created_at")
	SELECT "id", "username", "id", "created_at" FROM "users";
--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "created_at")
	SELECT "id", "id", 'owner', "created_at" FROM "users";
--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_billing_user_id_users_id_fk" FOREIGN KEY ("billing_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_invitations_pending_idx" ON "workspace_invitations" USING btree ("workspace_id",lower("email")) WHERE "workspace_invitations"."accepted_at" is null and "workspace_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "workspace_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentions" ADD COLUMN "replied_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "mentions" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mentions" ADD COLUMN "assigned_to_user_id" integer;--> statement-breakpoint
ALTER TABLE "mentions" ADD CONSTRAINT "mentions_replied_by_user_id_users_id_fk" FOREIGN KEY ("replied_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentions" ADD CONSTRAINT "mentions_assigned_to_user_id_users_id_fk" FOREIGN KEY ("assigned_to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A mention already marked replied was marked by the only person who could: its owner.
UPDATE "mentions" SET "replied_by_user_id" = "user_id" WHERE "has_replied";--> statement-breakpoint
ALTER TABLE "alerts" DROP CONSTRAINT "alerts_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "alerts" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentions" DROP CONSTRAINT "mentions_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "mentions" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "mentions" ADD CONSTRAINT "mentions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mention_quota_skips" DROP CONSTRAINT "mention_quota_skips_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "mention_quota_skips" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "mention_quota_skips" RENAME CONSTRAINT "mention_quota_skips_user_id_month_pk" TO "mention_quota_skips_workspace_id_month_pk";--> statement-breakpoint
ALTER TABLE "mention_quota_skips" ADD CONSTRAINT "mention_quota_skips_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_paused_alerts" DROP CONSTRAINT "plan_paused_alerts_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "plan_paused_alerts" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "plan_paused_alerts" ADD CONSTRAINT "plan_paused_alerts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" DROP CONSTRAINT "channels_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "channels" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_tokens" DROP CONSTRAINT "feed_tokens_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "feed_tokens" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "feed_tokens" ADD CONSTRAINT "feed_tokens_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exclusion_counts" DROP CONSTRAINT "exclusion_counts_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "exclusion_counts" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "exclusion_counts" RENAME CONSTRAINT "exclusion_counts_user_id_day_pk" TO "exclusion_counts_workspace_id_day_pk";--> statement-breakpoint
ALTER TABLE "exclusion_counts" ADD CONSTRAINT "exclusion_counts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_exclusions" DROP CONSTRAINT "user_exclusions_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "user_exclusions" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "user_exclusions" ADD CONSTRAINT "user_exclusions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Seats are a plan limit like the others: Free 1, Pro 5.
UPDATE "subscription_plans" SET "limits" = "limits" || jsonb_build_object('seats', CASE WHEN lower(trim("name")) = 'pro' THEN 5 ELSE 1 END);
--> statement-breakpoint
UPDATE "subscription_plans" SET "features" = "features" || '["Team workspace with 5 seats"]'::jsonb WHERE lower(trim("name")) = 'pro' AND NOT "features" @> '["Team workspace with 5 seats"]'::jsonb;
--> statement-breakpoint
-- Every account has its personal workspace, whatever writes the account (sign-up, a restore, a
-- test's seed): made with it, numbered like it, the account its owner and billing user.
CREATE FUNCTION "create_personal_workspace"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "workspaces" ("id", "name", "billing_user_id", "created_at")
		VALUES (NEW."id", NEW."username", NEW."id", NEW."created_at");
	INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "created_at")
		VALUES (NEW."id", NEW."id", 'owner', NEW."created_at");
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_personal_workspace" AFTER INSERT ON "users"
	FOR EACH ROW EXECUTE FUNCTION "create_personal_workspace"();
