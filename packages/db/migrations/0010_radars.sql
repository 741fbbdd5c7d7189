CREATE TABLE "hashtag_lookups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"looked_up_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "press_keywords" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"term" text NOT NULL,
	"exclusions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "press_mentions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"source_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"title" text NOT NULL,
	"link" text,
	"snippet" text NOT NULL,
	"highlights" jsonb NOT NULL,
	"keyword_ids" uuid[] NOT NULL,
	"matched_terms" text[] NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"language" text NOT NULL,
	"sentiment" text NOT NULL,
	"sentiment_score" integer NOT NULL,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "press_mentions_sentiment_check" CHECK ("press_mentions"."sentiment" in ('positive', 'neutral', 'negative'))
);
--> statement-breakpoint
CREATE TABLE "press_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"is_muted" boolean DEFAULT false NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_fetched_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trend_hashtags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"account_id" text NOT NULL,
	"instagram_hashtag_id" text NOT NULL,
	"last_sampled_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trend_samples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"hashtag_id" uuid NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"current_volume" integer NOT NULL,
	"previous_volume" integer NOT NULL,
	"daily_volume" integer NOT NULL,
	"median_top_engagement" double precision,
	"top_count" integer NOT NULL,
	"top_media" jsonb NOT NULL,
	"co_hashtags" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hashtag_lookups" ADD CONSTRAINT "hashtag_lookups_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_keywords" ADD CONSTRAINT "press_keywords_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_mentions" ADD CONSTRAINT "press_mentions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_mentions" ADD CONSTRAINT "press_mentions_source_id_press_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."press_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_sources" ADD CONSTRAINT "press_sources_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trend_hashtags" ADD CONSTRAINT "trend_hashtags_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trend_samples" ADD CONSTRAINT "trend_samples_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trend_samples" ADD CONSTRAINT "trend_samples_hashtag_id_trend_hashtags_id_fk" FOREIGN KEY ("hashtag_id") REFERENCES "public"."trend_hashtags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hashtag_lookups_account_idx" ON "hashtag_lookups" USING btree ("user_id","account_id","looked_up_at");--> statement-breakpoint
CREATE UNIQUE INDEX "press_keywords_user_term_idx" ON "press_keywords" USING btree ("user_id",lower("term"));--> statement-breakpoint
CREATE UNIQUE INDEX "press_mentions_user_item_idx" ON "press_mentions" USING btree ("user_id","item_key");--> statement-breakpoint
CREATE INDEX "press_mentions_user_published_idx" ON "press_mentions" USING btree ("user_id","published_at","id");--> statement-breakpoint
CREATE INDEX "press_mentions_unseen_idx" ON "press_mentions" USING btree ("user_id") WHERE "press_mentions"."seen_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "press_sources_user_url_idx" ON "press_sources" USING btree ("user_id","url");--> statement-breakpoint
CREATE UNIQUE INDEX "trend_hashtags_user_name_idx" ON "trend_hashtags" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "trend_samples_hashtag_idx" ON "trend_samples" USING btree ("hashtag_id","sampled_at");