CREATE TABLE "instagram_account_insights" (
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"source_metric" text NOT NULL,
	"mapping_version" integer NOT NULL,
	"value" double precision NOT NULL,
	"captured_at" timestamp with time zone NOT NULL,
	CONSTRAINT "instagram_account_insights_pk" PRIMARY KEY("user_id","account_id","day","metric")
);
--> statement-breakpoint
CREATE TABLE "instagram_audience_snapshots" (
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"day" date NOT NULL,
	"audience" text NOT NULL,
	"breakdown" text NOT NULL,
	"timeframe" text NOT NULL,
	"buckets" jsonb NOT NULL,
	"captured_at" timestamp with time zone NOT NULL,
	CONSTRAINT "instagram_audience_snapshots_pk" PRIMARY KEY("user_id","account_id","day","audience","breakdown")
);
--> statement-breakpoint
CREATE TABLE "instagram_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"instagram_id" text NOT NULL,
	"page_instagram_id" text,
	"instagram_username" text NOT NULL,
	"access_token" text NOT NULL,
	"token_expires_at" timestamp with time zone,
	"profile_picture_url" text,
	"followers_count" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"login" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"facebook_page_id" text,
	"facebook_user_id" text,
	"facebook_user_token" text,
	"app_scoped_id" text,
	"name" text,
	"account_type" text,
	"follows_count" integer,
	"media_count" integer,
	"token_refreshed_at" timestamp with time zone,
	"profile_refreshed_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"sync_notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instagram_connections_user_unique" UNIQUE("user_id"),
	CONSTRAINT "instagram_connections_login_check" CHECK ("instagram_connections"."login" in ('instagram', 'facebook')),
	CONSTRAINT "instagram_connections_status_check" CHECK ("instagram_connections"."status" in ('active', 'needs_reconnection'))
);
--> statement-breakpoint
CREATE TABLE "instagram_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"ig_media_id" text NOT NULL,
	"parent_ig_media_id" text,
	"child_index" integer,
	"media_type" text NOT NULL,
	"media_product_type" text,
	"caption" text,
	"permalink" text,
	"shortcode" text,
	"posted_at" timestamp with time zone,
	"like_count" integer,
	"comments_count" integer,
	"is_comment_enabled" boolean,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instagram_media_unique" UNIQUE("user_id","account_id","ig_media_id")
);
--> statement-breakpoint
CREATE TABLE "instagram_media_insights" (
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"ig_media_id" text NOT NULL,
	"captured_at" timestamp with time zone NOT NULL,
	"metric" text NOT NULL,
	"source_metric" text NOT NULL,
	"mapping_version" integer NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "instagram_media_insights_pk" PRIMARY KEY("user_id","account_id","ig_media_id","captured_at","metric")
);
--> statement-breakpoint
CREATE TABLE "instagram_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"session_id" text NOT NULL,
	"login" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instagram_online_followers" (
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"day" date NOT NULL,
	"hours" jsonb NOT NULL,
	"captured_at" timestamp with time zone NOT NULL,
	CONSTRAINT "instagram_online_followers_pk" PRIMARY KEY("user_id","account_id","day")
);
--> statement-breakpoint
CREATE TABLE "instagram_sync_state" (
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"resource" text NOT NULL,
	"cursor" text,
	"high_water" text,
	"pending_high_water" text,
	"note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instagram_sync_state_pk" PRIMARY KEY("user_id","account_id","resource")
);
--> statement-breakpoint
CREATE TABLE "instagram_webhook_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "instagram_webhook_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"body_sha256" text NOT NULL,
	"object" text NOT NULL,
	"signed_by" text NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"retry_at" timestamp with time zone,
	CONSTRAINT "instagram_webhook_events_body_unique" UNIQUE("body_sha256")
);
--> statement-breakpoint
ALTER TABLE "instagram_account_insights" ADD CONSTRAINT "instagram_account_insights_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_audience_snapshots" ADD CONSTRAINT "instagram_audience_snapshots_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_connections" ADD CONSTRAINT "instagram_connections_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_media" ADD CONSTRAINT "instagram_media_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_media_insights" ADD CONSTRAINT "instagram_media_insights_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_oauth_states" ADD CONSTRAINT "instagram_oauth_states_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_online_followers" ADD CONSTRAINT "instagram_online_followers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_sync_state" ADD CONSTRAINT "instagram_sync_state_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instagram_connections_instagram_id_idx" ON "instagram_connections" USING btree ("instagram_id");--> statement-breakpoint
CREATE INDEX "instagram_connections_facebook_user_idx" ON "instagram_connections" USING btree ("facebook_user_id");--> statement-breakpoint
CREATE INDEX "instagram_media_posted_idx" ON "instagram_media" USING btree ("user_id","account_id","posted_at");--> statement-breakpoint
CREATE INDEX "instagram_webhook_events_unprocessed_idx" ON "instagram_webhook_events" USING btree ("id") WHERE "instagram_webhook_events"."processed_at" is null;