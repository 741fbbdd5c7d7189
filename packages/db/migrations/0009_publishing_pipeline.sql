CREATE TABLE "instagram_hashtags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"tag" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instagram_media_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"original_url" text NOT NULL,
	"order_index" integer NOT NULL,
	"ig_container_id" text,
	"aspect_ratio" real,
	"duration_ms" integer
);
--> statement-breakpoint
CREATE TABLE "instagram_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"ig_media_id" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"collaborators" text[],
	"post_type" text NOT NULL,
	"permalink" text,
	"scheduled_post_id" uuid
);
--> statement-breakpoint
CREATE TABLE "instagram_user_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"media_item_id" uuid NOT NULL,
	"username" text NOT NULL,
	"x_percent" real NOT NULL,
	"y_percent" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publish_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"step" text NOT NULL,
	"outcome" text NOT NULL,
	"message" text
);
--> statement-breakpoint
ALTER TABLE "scheduled_posts" DROP CONSTRAINT "scheduled_posts_status_check";--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "post_type" text;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "progress" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "attempt_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "ig_media_id" text;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "permalink" text;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "instagram_hashtags" ADD CONSTRAINT "instagram_hashtags_post_id_instagram_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."instagram_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_media_items" ADD CONSTRAINT "instagram_media_items_post_id_instagram_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."instagram_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_posts" ADD CONSTRAINT "instagram_posts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_posts" ADD CONSTRAINT "instagram_posts_scheduled_post_id_scheduled_posts_id_fk" FOREIGN KEY ("scheduled_post_id") REFERENCES "public"."scheduled_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_user_tags" ADD CONSTRAINT "instagram_user_tags_media_item_id_instagram_media_items_id_fk" FOREIGN KEY ("media_item_id") REFERENCES "public"."instagram_media_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_attempts" ADD CONSTRAINT "publish_attempts_post_id_scheduled_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."scheduled_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_attempts" ADD CONSTRAINT "publish_attempts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "instagram_hashtags_post_tag_idx" ON "instagram_hashtags" USING btree ("post_id","tag");--> statement-breakpoint
CREATE UNIQUE INDEX "instagram_media_items_order_idx" ON "instagram_media_items" USING btree ("post_id","order_index");--> statement-breakpoint
CREATE UNIQUE INDEX "instagram_posts_media_idx" ON "instagram_posts" USING btree ("account_id","ig_media_id");--> statement-breakpoint
CREATE INDEX "instagram_posts_user_idx" ON "instagram_posts" USING btree ("user_id","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "instagram_user_tags_item_user_idx" ON "instagram_user_tags" USING btree ("media_item_id","username");--> statement-breakpoint
CREATE INDEX "publish_attempts_post_idx" ON "publish_attempts" USING btree ("post_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_posts_client_id_idx" ON "scheduled_posts" USING btree ("user_id","client_id");--> statement-breakpoint
CREATE INDEX "scheduled_posts_publishing_idx" ON "scheduled_posts" USING btree ("lease_until") WHERE "scheduled_posts"."status" = 'publishing';--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD CONSTRAINT "scheduled_posts_status_check" CHECK ("scheduled_posts"."status" in ('draft', 'scheduled', 'publishing', 'published', 'failed'));