CREATE TABLE "instagram_connect_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_by" text NOT NULL,
	"token_hash" text NOT NULL,
	"label" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_instagram_id" text,
	"used_username" text,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "instagram_connect_links_token_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "instagram_oauth_states" ADD COLUMN "connect_link_id" uuid;--> statement-breakpoint
ALTER TABLE "instagram_connect_links" ADD CONSTRAINT "instagram_connect_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_connect_links" ADD CONSTRAINT "instagram_connect_links_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instagram_connect_links_workspace_idx" ON "instagram_connect_links" USING btree ("workspace_id","created_at");--> statement-breakpoint
ALTER TABLE "instagram_oauth_states" ADD CONSTRAINT "instagram_oauth_states_connect_link_id_instagram_connect_links_id_fk" FOREIGN KEY ("connect_link_id") REFERENCES "public"."instagram_connect_links"("id") ON DELETE cascade ON UPDATE no action;