CREATE TABLE "ai_team_settings" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"share_dm_text" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_team_settings" ADD CONSTRAINT "ai_team_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;