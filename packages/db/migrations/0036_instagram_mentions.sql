CREATE TABLE "instagram_mentions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"mention_key" text NOT NULL,
	"ig_media_id" text NOT NULL,
	"ig_comment_id" text,
	"author_username" text,
	"media_owner_username" text,
	"text" text,
	"caption" text,
	"media_type" text,
	"permalink" text,
	"media_url" text,
	"like_count" integer,
	"comments_count" integer,
	"author_followers" integer,
	"mentioned_at" timestamp with time zone NOT NULL,
	"replied_at" timestamp with time zone,
	"reply_ig_comment_id" text,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instagram_mentions_key_unique" UNIQUE("workspace_id","account_id","mention_key"),
	CONSTRAINT "instagram_mentions_kind_check" CHECK ("instagram_mentions"."kind" in ('caption', 'comment', 'tag'))
);
--> statement-breakpoint
ALTER TABLE "instagram_mentions" ADD CONSTRAINT "instagram_mentions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instagram_mentions_list_idx" ON "instagram_mentions" USING btree ("workspace_id","account_id","mentioned_at","id");