CREATE TABLE "business_discovery_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"called_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competitor_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"competitor_id" uuid NOT NULL,
	"media_id" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"media_type" text,
	"product_type" text,
	"permalink" text,
	"posted_at" timestamp with time zone NOT NULL,
	"like_count" integer,
	"comments_count" integer,
	"view_count" integer,
	"read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competitor_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"competitor_id" uuid NOT NULL,
	"day" date NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"followers_count" integer,
	"follows_count" integer,
	"media_count" integer
);
--> statement-breakpoint
CREATE TABLE "competitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"username" text NOT NULL,
	"is_own" boolean DEFAULT false NOT NULL,
	"instagram_id" text,
	"name" text,
	"biography" text,
	"profile_picture_url" text,
	"last_read_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_discovery_calls" ADD CONSTRAINT "business_discovery_calls_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_posts" ADD CONSTRAINT "competitor_posts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_posts" ADD CONSTRAINT "competitor_posts_competitor_id_competitors_id_fk" FOREIGN KEY ("competitor_id") REFERENCES "public"."competitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_snapshots" ADD CONSTRAINT "competitor_snapshots_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_snapshots" ADD CONSTRAINT "competitor_snapshots_competitor_id_competitors_id_fk" FOREIGN KEY ("competitor_id") REFERENCES "public"."competitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitors" ADD CONSTRAINT "competitors_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_discovery_calls_account_idx" ON "business_discovery_calls" USING btree ("account_id","called_at");--> statement-breakpoint
CREATE UNIQUE INDEX "competitor_posts_workspace_competitor_media_idx" ON "competitor_posts" USING btree ("workspace_id","competitor_id","media_id");--> statement-breakpoint
CREATE INDEX "competitor_posts_workspace_competitor_posted_idx" ON "competitor_posts" USING btree ("workspace_id","competitor_id","posted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "competitor_snapshots_workspace_competitor_day_idx" ON "competitor_snapshots" USING btree ("workspace_id","competitor_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "competitors_workspace_account_username_idx" ON "competitors" USING btree ("workspace_id","account_id","username");