CREATE TABLE "instagram_stories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"ig_media_id" text NOT NULL,
	"media_type" text,
	"caption" text,
	"permalink" text,
	"thumbnail_url" text,
	"posted_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"reach" double precision,
	"views" double precision,
	"replies" double precision,
	"shares" double precision,
	"follows" double precision,
	"profile_visits" double precision,
	"total_interactions" double precision,
	"navigation" double precision,
	"taps_forward" double precision,
	"taps_back" double precision,
	"exits" double precision,
	"swipes_forward" double precision,
	"metrics_captured_at" timestamp with time zone,
	"final_source" text,
	"final_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instagram_stories_unique" UNIQUE("workspace_id","account_id","ig_media_id")
);
--> statement-breakpoint
CREATE TABLE "instagram_story_snapshots" (
	"workspace_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"ig_media_id" text NOT NULL,
	"captured_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"reach" double precision,
	"views" double precision,
	"replies" double precision,
	"shares" double precision,
	"follows" double precision,
	"profile_visits" double precision,
	"total_interactions" double precision,
	"navigation" double precision,
	"taps_forward" double precision,
	"taps_back" double precision,
	"exits" double precision,
	"swipes_forward" double precision,
	"impressions" double precision,
	CONSTRAINT "instagram_story_snapshots_pk" PRIMARY KEY("workspace_id","account_id","ig_media_id","captured_at","source")
);
--> statement-breakpoint
ALTER TABLE "instagram_stories" ADD CONSTRAINT "instagram_stories_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_story_snapshots" ADD CONSTRAINT "instagram_story_snapshots_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instagram_stories_posted_idx" ON "instagram_stories" USING btree ("workspace_id","account_id","posted_at");