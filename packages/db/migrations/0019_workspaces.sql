-- Workspaces (issue 29, decision 026): every user gets a personal workspace they own, and every
-- Instagram connection and everything synced or made for it moves from its user to that
-- workspace (user_id -> workspace_id), row for row. Written by drizzle-kit, then ordered by hand
-- so no row is lost: new columns are filled from the user's personal workspace before they
-- become NOT NULL, and primary keys move before user_id goes. A pending OAuth round trip lives
-- ten minutes and is bound to a user, not a workspace: those in flight are dropped (the person
-- clicks Connect again).
-- The inbox summary triggers (0014) name user_id: they go first, so the moves below do not
-- fire them, and come back at the end keyed by workspace_id.
DROP FUNCTION inbox_refresh_dm_summaries(text[], text[], text[]) CASCADE;
--> statement-breakpoint
DROP FUNCTION inbox_refresh_comment_summaries(text[], text[], text[]) CASCADE;
--> statement-breakpoint
DROP FUNCTION inbox_messages_summary_trigger() CASCADE;
--> statement-breakpoint
DROP FUNCTION inbox_thread_map_summary_trigger() CASCADE;
--> statement-breakpoint
DROP FUNCTION inbox_comments_summary_trigger() CASCADE;
--> statement-breakpoint
DROP FUNCTION inbox_media_summary_trigger() CASCADE;
--> statement-breakpoint
DROP FUNCTION inbox_read_states_summary_trigger() CASCADE;
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"actor_user_id" text,
	"actor_email" text,
	"action" text NOT NULL,
	"account_id" text,
	"target" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "workspace_invitations_token_unique" UNIQUE("token_hash"),
	CONSTRAINT "workspace_invitations_role_check" CHECK ("workspace_invitations"."role" in ('admin', 'editor', 'analyst', 'client'))
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_opened_at" timestamp with time zone,
	CONSTRAINT "workspace_members_pk" PRIMARY KEY("workspace_id","user_id"),
	CONSTRAINT "workspace_members_role_check" CHECK ("workspace_members"."role" in ('owner', 'admin', 'editor', 'analyst', 'client'))
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"personal_owner_id" text,
	"storage_folder" text NOT NULL,
	"logo_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspaces_personal_owner_unique" UNIQUE("personal_owner_id")
);
--> statement-breakpoint
INSERT INTO "workspaces" ("name", "personal_owner_id", "storage_folder", "created_at", "updated_at")
SELECT coalesce(nullif(btrim(u."name"), ''), split_part(u."email", '@', 1)), u."id", u."id", u."created_at", now()
FROM "user" u;
--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "created_at", "last_opened_at")
SELECT w."id", w."personal_owner_id", 'owner', w."created_at", now() FROM "workspaces" w;
--> statement-breakpoint
DELETE FROM "instagram_oauth_states";
--> statement-breakpoint
ALTER TABLE "instagram_comments" DROP CONSTRAINT "instagram_comments_comment_unique";
--> statement-breakpoint
ALTER TABLE "instagram_messages" DROP CONSTRAINT "instagram_messages_message_unique";
--> statement-breakpoint
ALTER TABLE "instagram_thread_map" DROP CONSTRAINT "instagram_thread_map_thread_unique";
--> statement-breakpoint
ALTER TABLE "instagram_connections" DROP CONSTRAINT "instagram_connections_user_unique";
--> statement-breakpoint
ALTER TABLE "instagram_media" DROP CONSTRAINT "instagram_media_unique";
--> statement-breakpoint
ALTER TABLE "instagram_comments" DROP CONSTRAINT "instagram_comments_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "instagram_messages" DROP CONSTRAINT "instagram_messages_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "instagram_thread_map" DROP CONSTRAINT "instagram_thread_map_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "inbox_comment_actions" DROP CONSTRAINT "inbox_comment_actions_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "inbox_message_attachments" DROP CONSTRAINT "inbox_message_attachments_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "inbox_people" DROP CONSTRAINT "inbox_people_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "inbox_read_states" DROP CONSTRAINT "inbox_read_states_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "inbox_saved_replies" DROP CONSTRAINT "inbox_saved_replies_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "inbox_thread_summaries" DROP CONSTRAINT "inbox_thread_summaries_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "instagram_account_insights" DROP CONSTRAINT "instagram_account_insights_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "instagram_account_period_insights" DROP CONSTRAINT "instagram_account_period_insights_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "instagram_audience_snapshots" DROP CONSTRAINT "instagram_audience_snapshots_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "instagram_connections" DROP CONSTRAINT "instagram_connections_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "instagram_media" DROP CONSTRAINT "instagram_media_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "instagram_media_insights" DROP CONSTRAINT "instagram_media_insights_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "instagram_online_followers" DROP CONSTRAINT "instagram_online_followers_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "instagram_sync_state" DROP CONSTRAINT "instagram_sync_state_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "instagram_posts" DROP CONSTRAINT "instagram_posts_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "publish_attempts" DROP CONSTRAINT "publish_attempts_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "scheduled_posts" DROP CONSTRAINT "scheduled_posts_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "hashtag_lookups" DROP CONSTRAINT "hashtag_lookups_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "press_keywords" DROP CONSTRAINT "press_keywords_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "press_mentions" DROP CONSTRAINT "press_mentions_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "press_sources" DROP CONSTRAINT "press_sources_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "trend_hashtags" DROP CONSTRAINT "trend_hashtags_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "trend_samples" DROP CONSTRAINT "trend_samples_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "realtime_events" DROP CONSTRAINT "realtime_events_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "stored_files" DROP CONSTRAINT "stored_files_user_id_user_id_fk";
--> statement-breakpoint
DROP INDEX "inbox_saved_replies_user_idx";
--> statement-breakpoint
DROP INDEX "instagram_posts_user_idx";
--> statement-breakpoint
DROP INDEX "scheduled_posts_user_time_idx";
--> statement-breakpoint
DROP INDEX "press_keywords_user_term_idx";
--> statement-breakpoint
DROP INDEX "press_mentions_user_item_idx";
--> statement-breakpoint
DROP INDEX "press_mentions_user_published_idx";
--> statement-breakpoint
DROP INDEX "press_sources_user_url_idx";
--> statement-breakpoint
DROP INDEX "trend_hashtags_user_name_idx";
--> statement-breakpoint
DROP INDEX "realtime_events_user_id_id_idx";
--> statement-breakpoint
DROP INDEX "stored_files_user_id_idx";
--> statement-breakpoint
DROP INDEX "instagram_comments_own_media_idx";
--> statement-breakpoint
DROP INDEX "instagram_comments_media_idx";
--> statement-breakpoint
DROP INDEX "instagram_comments_media_newest_idx";
--> statement-breakpoint
DROP INDEX "instagram_messages_client_message_idx";
--> statement-breakpoint
DROP INDEX "instagram_messages_inbound_idx";
--> statement-breakpoint
DROP INDEX "instagram_messages_conversation_idx";
--> statement-breakpoint
DROP INDEX "instagram_messages_thread_newest_idx";
--> statement-breakpoint
DROP INDEX "inbox_thread_summaries_list_idx";
--> statement-breakpoint
DROP INDEX "inbox_thread_summaries_kind_idx";
--> statement-breakpoint
DROP INDEX "inbox_thread_summaries_unread_idx";
--> statement-breakpoint
DROP INDEX "inbox_thread_summaries_needs_reply_idx";
--> statement-breakpoint
DROP INDEX "instagram_media_posted_idx";
--> statement-breakpoint
DROP INDEX "scheduled_posts_client_id_idx";
--> statement-breakpoint
DROP INDEX "press_mentions_unseen_idx";
--> statement-breakpoint
ALTER TABLE "instagram_comments" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "instagram_messages" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "instagram_thread_map" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "inbox_comment_actions" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "inbox_message_attachments" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "inbox_people" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "inbox_read_states" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "inbox_saved_replies" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "inbox_thread_summaries" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "instagram_account_insights" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "instagram_account_period_insights" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "instagram_audience_snapshots" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "instagram_connections" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "instagram_connections" ADD COLUMN "connected_by_user_id" text;
--> statement-breakpoint
ALTER TABLE "instagram_media" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "instagram_media_insights" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "instagram_oauth_states" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "instagram_online_followers" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "instagram_sync_state" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "instagram_posts" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "publish_attempts" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "created_by_user_id" text;
--> statement-breakpoint
ALTER TABLE "hashtag_lookups" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "press_keywords" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "press_mentions" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "press_sources" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "trend_hashtags" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "trend_samples" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "realtime_events" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
UPDATE "instagram_comments" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "instagram_comments"."user_id";
--> statement-breakpoint
UPDATE "instagram_messages" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "instagram_messages"."user_id";
--> statement-breakpoint
UPDATE "instagram_thread_map" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "instagram_thread_map"."user_id";
--> statement-breakpoint
UPDATE "inbox_comment_actions" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "inbox_comment_actions"."user_id";
--> statement-breakpoint
UPDATE "inbox_message_attachments" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "inbox_message_attachments"."user_id";
--> statement-breakpoint
UPDATE "inbox_people" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "inbox_people"."user_id";
--> statement-breakpoint
UPDATE "inbox_read_states" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "inbox_read_states"."user_id";
--> statement-breakpoint
UPDATE "inbox_saved_replies" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "inbox_saved_replies"."user_id";
--> statement-breakpoint
UPDATE "inbox_thread_summaries" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "inbox_thread_summaries"."user_id";
--> statement-breakpoint
UPDATE "instagram_account_insights" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "instagram_account_insights"."user_id";
--> statement-breakpoint
UPDATE "instagram_account_period_insights" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "instagram_account_period_insights"."user_id";
--> statement-breakpoint
UPDATE "instagram_audience_snapshots" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "instagram_audience_snapshots"."user_id";
--> statement-breakpoint
UPDATE "instagram_connections" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "instagram_connections"."user_id";
--> statement-breakpoint
UPDATE "instagram_media" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "instagram_media"."user_id";
--> statement-breakpoint
UPDATE "instagram_media_insights" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "instagram_media_insights"."user_id";
--> statement-breakpoint
UPDATE "instagram_online_followers" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "instagram_online_followers"."user_id";
--> statement-breakpoint
UPDATE "instagram_sync_state" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "instagram_sync_state"."user_id";
--> statement-breakpoint
UPDATE "instagram_posts" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "instagram_posts"."user_id";
--> statement-breakpoint
UPDATE "publish_attempts" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "publish_attempts"."user_id";
--> statement-breakpoint
UPDATE "scheduled_posts" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "scheduled_posts"."user_id";
--> statement-breakpoint
UPDATE "hashtag_lookups" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "hashtag_lookups"."user_id";
--> statement-breakpoint
UPDATE "press_keywords" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "press_keywords"."user_id";
--> statement-breakpoint
UPDATE "press_mentions" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "press_mentions"."user_id";
--> statement-breakpoint
UPDATE "press_sources" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "press_sources"."user_id";
--> statement-breakpoint
UPDATE "trend_hashtags" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "trend_hashtags"."user_id";
--> statement-breakpoint
UPDATE "trend_samples" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "trend_samples"."user_id";
--> statement-breakpoint
UPDATE "realtime_events" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "realtime_events"."user_id";
--> statement-breakpoint
UPDATE "stored_files" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_owner_id" = "stored_files"."user_id";
--> statement-breakpoint
UPDATE "instagram_connections" SET "connected_by_user_id" = "user_id";
--> statement-breakpoint
UPDATE "scheduled_posts" SET "created_by_user_id" = "user_id";
--> statement-breakpoint
ALTER TABLE "instagram_comments" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "instagram_messages" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "instagram_thread_map" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "inbox_comment_actions" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "inbox_message_attachments" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "inbox_people" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "inbox_read_states" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "inbox_saved_replies" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "inbox_thread_summaries" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "instagram_account_insights" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "instagram_account_period_insights" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "instagram_audience_snapshots" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "instagram_connections" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "instagram_media" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "instagram_media_insights" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "instagram_oauth_states" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "instagram_online_followers" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "instagram_sync_state" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "instagram_posts" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "publish_attempts" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "scheduled_posts" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "hashtag_lookups" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "press_keywords" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "press_mentions" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "press_sources" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "trend_hashtags" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "trend_samples" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "realtime_events" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "stored_files" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_personal_owner_id_user_id_fk" FOREIGN KEY ("personal_owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "instagram_comments" ADD CONSTRAINT "instagram_comments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "instagram_messages" ADD CONSTRAINT "instagram_messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "instagram_thread_map" ADD CONSTRAINT "instagram_thread_map_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "inbox_comment_actions" ADD CONSTRAINT "inbox_comment_actions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "inbox_message_attachments" ADD CONSTRAINT "inbox_message_attachments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "inbox_people" ADD CONSTRAINT "inbox_people_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "inbox_read_states" ADD CONSTRAINT "inbox_read_states_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "inbox_saved_replies" ADD CONSTRAINT "inbox_saved_replies_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "inbox_thread_summaries" ADD CONSTRAINT "inbox_thread_summaries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "instagram_account_insights" ADD CONSTRAINT "instagram_account_insights_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "instagram_account_period_insights" ADD CONSTRAINT "instagram_account_period_insights_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "instagram_audience_snapshots" ADD CONSTRAINT "instagram_audience_snapshots_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "instagram_connections" ADD CONSTRAINT "instagram_connections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "instagram_connections" ADD CONSTRAINT "instagram_connections_connected_by_user_id_user_id_fk" FOREIGN KEY ("connected_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "instagram_media" ADD CONSTRAINT "instagram_media_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "instagram_media_insights" ADD CONSTRAINT "instagram_media_insights_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "instagram_oauth_states" ADD CONSTRAINT "instagram_oauth_states_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "instagram_online_followers" ADD CONSTRAINT "instagram_online_followers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "instagram_sync_state" ADD CONSTRAINT "instagram_sync_state_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "instagram_posts" ADD CONSTRAINT "instagram_posts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "publish_attempts" ADD CONSTRAINT "publish_attempts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD CONSTRAINT "scheduled_posts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD CONSTRAINT "scheduled_posts_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "hashtag_lookups" ADD CONSTRAINT "hashtag_lookups_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "press_keywords" ADD CONSTRAINT "press_keywords_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "press_mentions" ADD CONSTRAINT "press_mentions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "press_sources" ADD CONSTRAINT "press_sources_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "trend_hashtags" ADD CONSTRAINT "trend_hashtags_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "trend_samples" ADD CONSTRAINT "trend_samples_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "realtime_events" ADD CONSTRAINT "realtime_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "audit_events_workspace_idx" ON "audit_events" USING btree ("workspace_id","created_at");
--> statement-breakpoint
CREATE INDEX "workspace_invitations_workspace_idx" ON "workspace_invitations" USING btree ("workspace_id","created_at");
--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_members_one_owner_idx" ON "workspace_members" USING btree ("workspace_id") WHERE "workspace_members"."role" = 'owner';
--> statement-breakpoint
CREATE INDEX "inbox_saved_replies_workspace_idx" ON "inbox_saved_replies" USING btree ("workspace_id","title");
--> statement-breakpoint
CREATE INDEX "instagram_posts_workspace_idx" ON "instagram_posts" USING btree ("workspace_id","published_at");
--> statement-breakpoint
CREATE INDEX "scheduled_posts_workspace_time_idx" ON "scheduled_posts" USING btree ("workspace_id","scheduled_time");
--> statement-breakpoint
CREATE UNIQUE INDEX "press_keywords_workspace_term_idx" ON "press_keywords" USING btree ("workspace_id",lower("term"));
--> statement-breakpoint
CREATE UNIQUE INDEX "press_mentions_workspace_item_idx" ON "press_mentions" USING btree ("workspace_id","item_key");
--> statement-breakpoint
CREATE INDEX "press_mentions_workspace_published_idx" ON "press_mentions" USING btree ("workspace_id","published_at","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "press_sources_workspace_url_idx" ON "press_sources" USING btree ("workspace_id","url");
--> statement-breakpoint
CREATE UNIQUE INDEX "trend_hashtags_workspace_name_idx" ON "trend_hashtags" USING btree ("workspace_id","name");
--> statement-breakpoint
CREATE INDEX "realtime_events_workspace_id_id_idx" ON "realtime_events" USING btree ("workspace_id","id");
--> statement-breakpoint
CREATE INDEX "stored_files_workspace_id_idx" ON "stored_files" USING btree ("workspace_id");
--> statement-breakpoint
CREATE INDEX "instagram_comments_own_media_idx" ON "instagram_comments" USING btree ("workspace_id","created_at") WHERE "instagram_comments"."media_owner_id" = "instagram_comments"."account_id";
--> statement-breakpoint
CREATE INDEX "instagram_comments_media_idx" ON "instagram_comments" USING btree ("workspace_id","ig_media_id","created_at");
--> statement-breakpoint
CREATE INDEX "instagram_comments_media_newest_idx" ON "instagram_comments" USING btree ("workspace_id","account_id","ig_media_id","created_at","ig_comment_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "instagram_messages_client_message_idx" ON "instagram_messages" USING btree ("workspace_id","client_message_id") WHERE "instagram_messages"."client_message_id" is not null;
--> statement-breakpoint
CREATE INDEX "instagram_messages_inbound_idx" ON "instagram_messages" USING btree ("workspace_id","created_time") WHERE "instagram_messages"."direction" = 'inbound';
--> statement-breakpoint
CREATE INDEX "instagram_messages_conversation_idx" ON "instagram_messages" USING btree ("workspace_id","conversation_id","created_time");
--> statement-breakpoint
CREATE INDEX "instagram_messages_thread_newest_idx" ON "instagram_messages" USING btree ("workspace_id","account_id","conversation_id","created_time","ig_message_id");
--> statement-breakpoint
CREATE INDEX "inbox_thread_summaries_list_idx" ON "inbox_thread_summaries" USING btree ("workspace_id","account_id","updated_time","conversation_id");
--> statement-breakpoint
CREATE INDEX "inbox_thread_summaries_kind_idx" ON "inbox_thread_summaries" USING btree ("workspace_id","account_id","kind","updated_time","conversation_id");
--> statement-breakpoint
CREATE INDEX "inbox_thread_summaries_unread_idx" ON "inbox_thread_summaries" USING btree ("workspace_id","account_id","updated_time","conversation_id") WHERE "inbox_thread_summaries"."is_unread";
--> statement-breakpoint
CREATE INDEX "inbox_thread_summaries_needs_reply_idx" ON "inbox_thread_summaries" USING btree ("workspace_id","account_id","updated_time","conversation_id") WHERE "inbox_thread_summaries"."needs_reply";
--> statement-breakpoint
CREATE INDEX "instagram_media_posted_idx" ON "instagram_media" USING btree ("workspace_id","account_id","posted_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_posts_client_id_idx" ON "scheduled_posts" USING btree ("workspace_id","client_id");
--> statement-breakpoint
CREATE INDEX "press_mentions_unseen_idx" ON "press_mentions" USING btree ("workspace_id") WHERE "press_mentions"."seen_at" is null;
--> statement-breakpoint
ALTER TABLE "inbox_comment_actions" DROP CONSTRAINT "inbox_comment_actions_pk";
--> statement-breakpoint
ALTER TABLE "inbox_comment_actions" ADD CONSTRAINT "inbox_comment_actions_pk" PRIMARY KEY("workspace_id","account_id","ig_comment_id");
--> statement-breakpoint
ALTER TABLE "inbox_message_attachments" DROP CONSTRAINT "inbox_message_attachments_pk";
--> statement-breakpoint
ALTER TABLE "inbox_message_attachments" ADD CONSTRAINT "inbox_message_attachments_pk" PRIMARY KEY("workspace_id","account_id","ig_message_id");
--> statement-breakpoint
ALTER TABLE "inbox_people" DROP CONSTRAINT "inbox_people_pk";
--> statement-breakpoint
ALTER TABLE "inbox_people" ADD CONSTRAINT "inbox_people_pk" PRIMARY KEY("workspace_id","account_id","igsid");
--> statement-breakpoint
ALTER TABLE "inbox_read_states" DROP CONSTRAINT "inbox_read_states_pk";
--> statement-breakpoint
ALTER TABLE "inbox_read_states" ADD CONSTRAINT "inbox_read_states_pk" PRIMARY KEY("workspace_id","account_id","kind","conversation_id");
--> statement-breakpoint
ALTER TABLE "inbox_thread_summaries" DROP CONSTRAINT "inbox_thread_summaries_pk";
--> statement-breakpoint
ALTER TABLE "inbox_thread_summaries" ADD CONSTRAINT "inbox_thread_summaries_pk" PRIMARY KEY("workspace_id","account_id","kind","conversation_id");
--> statement-breakpoint
ALTER TABLE "instagram_account_insights" DROP CONSTRAINT "instagram_account_insights_pk";
--> statement-breakpoint
ALTER TABLE "instagram_account_insights" ADD CONSTRAINT "instagram_account_insights_pk" PRIMARY KEY("workspace_id","account_id","day","metric");
--> statement-breakpoint
ALTER TABLE "instagram_account_period_insights" DROP CONSTRAINT "instagram_account_period_insights_pk";
--> statement-breakpoint
ALTER TABLE "instagram_account_period_insights" ADD CONSTRAINT "instagram_account_period_insights_pk" PRIMARY KEY("workspace_id","account_id","metric","from_day","to_day");
--> statement-breakpoint
ALTER TABLE "instagram_audience_snapshots" DROP CONSTRAINT "instagram_audience_snapshots_pk";
--> statement-breakpoint
ALTER TABLE "instagram_audience_snapshots" ADD CONSTRAINT "instagram_audience_snapshots_pk" PRIMARY KEY("workspace_id","account_id","day","audience","breakdown");
--> statement-breakpoint
ALTER TABLE "instagram_media_insights" DROP CONSTRAINT "instagram_media_insights_pk";
--> statement-breakpoint
ALTER TABLE "instagram_media_insights" ADD CONSTRAINT "instagram_media_insights_pk" PRIMARY KEY("workspace_id","account_id","ig_media_id","captured_at","metric");
--> statement-breakpoint
ALTER TABLE "instagram_online_followers" DROP CONSTRAINT "instagram_online_followers_pk";
--> statement-breakpoint
ALTER TABLE "instagram_online_followers" ADD CONSTRAINT "instagram_online_followers_pk" PRIMARY KEY("workspace_id","account_id","day");
--> statement-breakpoint
ALTER TABLE "instagram_sync_state" DROP CONSTRAINT "instagram_sync_state_pk";
--> statement-breakpoint
ALTER TABLE "instagram_sync_state" ADD CONSTRAINT "instagram_sync_state_pk" PRIMARY KEY("workspace_id","account_id","resource");
--> statement-breakpoint
ALTER TABLE "instagram_comments" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "instagram_messages" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "instagram_thread_map" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "inbox_comment_actions" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "inbox_message_attachments" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "inbox_people" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "inbox_read_states" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "inbox_saved_replies" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "inbox_thread_summaries" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "instagram_account_insights" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "instagram_account_period_insights" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "instagram_audience_snapshots" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "instagram_connections" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "instagram_media" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "instagram_media_insights" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "instagram_online_followers" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "instagram_sync_state" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "instagram_posts" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "publish_attempts" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "scheduled_posts" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "hashtag_lookups" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "press_keywords" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "press_mentions" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "press_sources" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "trend_hashtags" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "trend_samples" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "realtime_events" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "stored_files" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "instagram_comments" ADD CONSTRAINT "instagram_comments_comment_unique" UNIQUE("workspace_id","account_id","ig_comment_id");
--> statement-breakpoint
ALTER TABLE "instagram_messages" ADD CONSTRAINT "instagram_messages_message_unique" UNIQUE("workspace_id","account_id","ig_message_id");
--> statement-breakpoint
ALTER TABLE "instagram_thread_map" ADD CONSTRAINT "instagram_thread_map_thread_unique" UNIQUE("workspace_id","account_id","thread_id");
--> statement-breakpoint
ALTER TABLE "instagram_connections" ADD CONSTRAINT "instagram_connections_workspace_unique" UNIQUE("workspace_id");
--> statement-breakpoint
ALTER TABLE "instagram_media" ADD CONSTRAINT "instagram_media_unique" UNIQUE("workspace_id","account_id","ig_media_id");
--> statement-breakpoint
-- Recomputes the DM threads given (workspace, account, thread) from their messages: one index probe
-- each for the newest message, the newest inbound one and the count. A thread with no message
-- (or no thread map row) has no summary.
CREATE FUNCTION inbox_refresh_dm_summaries(p_workspaces uuid[], p_accounts text[], p_threads text[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM inbox_thread_summaries s
  USING unnest(p_workspaces, p_accounts, p_threads) AS k(workspace_id, account_id, conversation_id)
  WHERE s.workspace_id = k.workspace_id AND s.account_id = k.account_id AND s.kind = 'dm'
    AND s.conversation_id = k.conversation_id
    AND (NOT EXISTS (SELECT 1 FROM instagram_thread_map t WHERE t.workspace_id = k.workspace_id
        AND t.account_id = k.account_id AND t.thread_id = k.conversation_id)
      OR NOT EXISTS (SELECT 1 FROM instagram_messages m WHERE m.workspace_id = k.workspace_id
        AND m.conversation_id = k.conversation_id AND m.account_id = k.account_id));
  INSERT INTO inbox_thread_summaries AS s (workspace_id, account_id, kind, conversation_id,
    updated_time, last_sender_id, preview, person_id, person_username, caption, last_other_time,
    item_count, needs_reply, is_unread)
  SELECT k.workspace_id, k.account_id, 'dm', k.conversation_id, last.created_time, last.from_id,
    left(coalesce(last.text, ''), 500), inbound.from_id, NULL, NULL, inbound.created_time, counted.n,
    last.direction = 'inbound',
    coalesce(r.is_marked_unread, false) OR (inbound.created_time IS NOT NULL
      AND (r.read_at IS NULL OR inbound.created_time > r.read_at))
  FROM (SELECT DISTINCT * FROM unnest(p_workspaces, p_accounts, p_threads)) AS k(workspace_id, account_id, conversation_id)
  JOIN instagram_thread_map t ON t.workspace_id = k.workspace_id AND t.account_id = k.account_id
    AND t.thread_id = k.conversation_id
  CROSS JOIN LATERAL (
    SELECT m.created_time, m.from_id, m.direction, m.text FROM instagram_messages m
    WHERE m.workspace_id = k.workspace_id AND m.conversation_id = k.conversation_id
      AND m.account_id = k.account_id
    ORDER BY m.created_time DESC, m.ig_message_id DESC LIMIT 1
  ) last
  LEFT JOIN LATERAL (
    SELECT m.from_id, m.created_time FROM instagram_messages m
    WHERE m.workspace_id = k.workspace_id AND m.conversation_id = k.conversation_id
      AND m.account_id = k.account_id AND m.direction = 'inbound'
    ORDER BY m.created_time DESC, m.ig_message_id DESC LIMIT 1
  ) inbound ON true
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS n FROM instagram_messages m
    WHERE m.workspace_id = k.workspace_id AND m.conversation_id = k.conversation_id
      AND m.account_id = k.account_id
  ) counted
  LEFT JOIN inbox_read_states r ON r.workspace_id = k.workspace_id AND r.account_id = k.account_id
    AND r.kind = 'dm' AND r.conversation_id = k.conversation_id
  ON CONFLICT (workspace_id, account_id, kind, conversation_id) DO UPDATE SET
    updated_time = excluded.updated_time, last_sender_id = excluded.last_sender_id,
    preview = excluded.preview, person_id = excluded.person_id,
    person_username = excluded.person_username, caption = excluded.caption,
    last_other_time = excluded.last_other_time,
    item_count = excluded.item_count, needs_reply = excluded.needs_reply,
    is_unread = excluded.is_unread;
END $$;
--> statement-breakpoint
-- The same for posts' comments (the conversation id is the media id); only comments on the
-- account's own posts make a conversation.
CREATE FUNCTION inbox_refresh_comment_summaries(p_workspaces uuid[], p_accounts text[], p_media text[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM inbox_thread_summaries s
  USING unnest(p_workspaces, p_accounts, p_media) AS k(workspace_id, account_id, conversation_id)
  WHERE s.workspace_id = k.workspace_id AND s.account_id = k.account_id AND s.kind = 'comments'
    AND s.conversation_id = k.conversation_id
    AND NOT EXISTS (SELECT 1 FROM instagram_comments c WHERE c.workspace_id = k.workspace_id
      AND c.ig_media_id = k.conversation_id AND c.account_id = k.account_id
      AND c.media_owner_id = c.account_id);
  INSERT INTO inbox_thread_summaries AS s (workspace_id, account_id, kind, conversation_id,
    updated_time, last_sender_id, preview, person_id, person_username, caption, last_other_time,
    item_count, needs_reply, is_unread)
  SELECT k.workspace_id, k.account_id, 'comments', k.conversation_id, last.created_at,
    last.user_igsid, left(coalesce(last.text, ''), 500), other.user_igsid, other.username,
    (SELECT m.caption FROM instagram_media m WHERE m.workspace_id = k.workspace_id
      AND m.account_id = k.account_id AND m.ig_media_id = k.conversation_id LIMIT 1),
    other.created_at, counted.n, last.user_igsid <> k.account_id,
    coalesce(r.is_marked_unread, false) OR (other.created_at IS NOT NULL
      AND (r.read_at IS NULL OR other.created_at > r.read_at))
  FROM (SELECT DISTINCT * FROM unnest(p_workspaces, p_accounts, p_media)) AS k(workspace_id, account_id, conversation_id)
  CROSS JOIN LATERAL (
    SELECT c.created_at, c.user_igsid, c.text FROM instagram_comments c
    WHERE c.workspace_id = k.workspace_id AND c.ig_media_id = k.conversation_id
      AND c.account_id = k.account_id AND c.media_owner_id = c.account_id
    ORDER BY c.created_at DESC, c.ig_comment_id DESC LIMIT 1
  ) last
  LEFT JOIN LATERAL (
    SELECT c.user_igsid, c.username, c.created_at FROM instagram_comments c
    WHERE c.workspace_id = k.workspace_id AND c.ig_media_id = k.conversation_id
      AND c.account_id = k.account_id AND c.media_owner_id = c.account_id
      AND c.user_igsid <> c.account_id
    ORDER BY c.created_at DESC, c.ig_comment_id DESC LIMIT 1
  ) other ON true
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS n FROM instagram_comments c
    WHERE c.workspace_id = k.workspace_id AND c.ig_media_id = k.conversation_id
      AND c.account_id = k.account_id AND c.media_owner_id = c.account_id
  ) counted
  LEFT JOIN inbox_read_states r ON r.workspace_id = k.workspace_id AND r.account_id = k.account_id
    AND r.kind = 'comments' AND r.conversation_id = k.conversation_id
  ON CONFLICT (workspace_id, account_id, kind, conversation_id) DO UPDATE SET
    updated_time = excluded.updated_time, last_sender_id = excluded.last_sender_id,
    preview = excluded.preview, person_id = excluded.person_id,
    person_username = excluded.person_username, caption = excluded.caption,
    last_other_time = excluded.last_other_time,
    item_count = excluded.item_count, needs_reply = excluded.needs_reply,
    is_unread = excluded.is_unread;
END $$;
--> statement-breakpoint
-- Statement-level triggers with transition tables: a sync page of hundreds of rows refreshes
-- each touched conversation once. PostgreSQL allows a transition table on one event only, hence
-- three triggers per table sharing one function that branches on TG_OP.
CREATE FUNCTION inbox_messages_summary_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE u uuid[]; a text[]; c text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(k.workspace_id), array_agg(k.account_id), array_agg(k.conversation_id) INTO u, a, c
    FROM (SELECT DISTINCT workspace_id, account_id, conversation_id FROM new_rows) k;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(k.workspace_id), array_agg(k.account_id), array_agg(k.conversation_id) INTO u, a, c
    FROM (SELECT DISTINCT workspace_id, account_id, conversation_id FROM old_rows) k;
  ELSE
    SELECT array_agg(k.workspace_id), array_agg(k.account_id), array_agg(k.conversation_id) INTO u, a, c
    FROM (SELECT workspace_id, account_id, conversation_id FROM new_rows
      UNION SELECT workspace_id, account_id, conversation_id FROM old_rows) k;
  END IF;
  IF u IS NOT NULL THEN PERFORM inbox_refresh_dm_summaries(u, a, c); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inbox_messages_summary_insert AFTER INSERT ON instagram_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_messages_summary_trigger();
--> statement-breakpoint
CREATE TRIGGER inbox_messages_summary_update AFTER UPDATE ON instagram_messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_messages_summary_trigger();
--> statement-breakpoint
CREATE TRIGGER inbox_messages_summary_delete AFTER DELETE ON instagram_messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_messages_summary_trigger();
--> statement-breakpoint
CREATE FUNCTION inbox_thread_map_summary_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE u uuid[]; a text[]; c text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(k.workspace_id), array_agg(k.account_id), array_agg(k.thread_id) INTO u, a, c
    FROM (SELECT DISTINCT workspace_id, account_id, thread_id FROM new_rows) k;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(k.workspace_id), array_agg(k.account_id), array_agg(k.thread_id) INTO u, a, c
    FROM (SELECT DISTINCT workspace_id, account_id, thread_id FROM old_rows) k;
  ELSE
    SELECT array_agg(k.workspace_id), array_agg(k.account_id), array_agg(k.thread_id) INTO u, a, c
    FROM (SELECT workspace_id, account_id, thread_id FROM new_rows
      UNION SELECT workspace_id, account_id, thread_id FROM old_rows) k;
  END IF;
  IF u IS NOT NULL THEN PERFORM inbox_refresh_dm_summaries(u, a, c); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inbox_thread_map_summary_insert AFTER INSERT ON instagram_thread_map
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_thread_map_summary_trigger();
--> statement-breakpoint
CREATE TRIGGER inbox_thread_map_summary_update AFTER UPDATE ON instagram_thread_map
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_thread_map_summary_trigger();
--> statement-breakpoint
CREATE TRIGGER inbox_thread_map_summary_delete AFTER DELETE ON instagram_thread_map
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_thread_map_summary_trigger();
--> statement-breakpoint
CREATE FUNCTION inbox_comments_summary_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE u uuid[]; a text[]; c text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(k.workspace_id), array_agg(k.account_id), array_agg(k.ig_media_id) INTO u, a, c
    FROM (SELECT DISTINCT workspace_id, account_id, ig_media_id FROM new_rows) k;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(k.workspace_id), array_agg(k.account_id), array_agg(k.ig_media_id) INTO u, a, c
    FROM (SELECT DISTINCT workspace_id, account_id, ig_media_id FROM old_rows) k;
  ELSE
    SELECT array_agg(k.workspace_id), array_agg(k.account_id), array_agg(k.ig_media_id) INTO u, a, c
    FROM (SELECT workspace_id, account_id, ig_media_id FROM new_rows
      UNION SELECT workspace_id, account_id, ig_media_id FROM old_rows) k;
  END IF;
  IF u IS NOT NULL THEN PERFORM inbox_refresh_comment_summaries(u, a, c); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inbox_comments_summary_insert AFTER INSERT ON instagram_comments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_comments_summary_trigger();
--> statement-breakpoint
CREATE TRIGGER inbox_comments_summary_update AFTER UPDATE ON instagram_comments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_comments_summary_trigger();
--> statement-breakpoint
CREATE TRIGGER inbox_comments_summary_delete AFTER DELETE ON instagram_comments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_comments_summary_trigger();
--> statement-breakpoint
-- A post synced or edited after its comments: its conversation shows the new caption.
CREATE FUNCTION inbox_media_summary_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inbox_thread_summaries s SET caption = n.caption
  FROM new_rows n
  WHERE s.workspace_id = n.workspace_id AND s.account_id = n.account_id AND s.kind = 'comments'
    AND s.conversation_id = n.ig_media_id AND s.caption IS DISTINCT FROM n.caption;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inbox_media_summary_insert AFTER INSERT ON instagram_media
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_media_summary_trigger();
--> statement-breakpoint
CREATE TRIGGER inbox_media_summary_update AFTER UPDATE ON instagram_media
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_media_summary_trigger();
--> statement-breakpoint
-- Marking read or unread changes only the unread flag.
CREATE FUNCTION inbox_read_states_summary_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE inbox_thread_summaries s SET is_unread = s.last_other_time IS NOT NULL
    FROM old_rows o
    WHERE s.workspace_id = o.workspace_id AND s.account_id = o.account_id AND s.kind = o.kind
      AND s.conversation_id = o.conversation_id;
  ELSE
    UPDATE inbox_thread_summaries s SET is_unread = n.is_marked_unread
      OR (s.last_other_time IS NOT NULL AND (n.read_at IS NULL OR s.last_other_time > n.read_at))
    FROM new_rows n
    WHERE s.workspace_id = n.workspace_id AND s.account_id = n.account_id AND s.kind = n.kind
      AND s.conversation_id = n.conversation_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inbox_read_states_summary_insert AFTER INSERT ON inbox_read_states
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_read_states_summary_trigger();
--> statement-breakpoint
CREATE TRIGGER inbox_read_states_summary_update AFTER UPDATE ON inbox_read_states
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_read_states_summary_trigger();
--> statement-breakpoint
CREATE TRIGGER inbox_read_states_summary_delete AFTER DELETE ON inbox_read_states
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_read_states_summary_trigger();
