CREATE TABLE "exclusion_counts" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"filtered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exclusion_counts_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "user_exclusions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"subreddits" text[] DEFAULT '{}'::text[] NOT NULL,
	"authors" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exclusion_counts" ADD CONSTRAINT "exclusion_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_exclusions" ADD CONSTRAINT "user_exclusions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;