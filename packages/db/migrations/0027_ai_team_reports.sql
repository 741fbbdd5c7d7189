CREATE TABLE "ai_team_reports" (
	"workspace_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"role" text NOT NULL,
	"plan" text NOT NULL,
	"status" text NOT NULL,
	"period_from" text,
	"period_to" text,
	"facts" jsonb NOT NULL,
	"wording" jsonb NOT NULL,
	"writer" jsonb NOT NULL,
	"sent" text,
	"guard" jsonb,
	"facts_hash" text NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ai_team_reports_pk" PRIMARY KEY("workspace_id","account_id","role")
);
--> statement-breakpoint
ALTER TABLE "ai_team_reports" ADD CONSTRAINT "ai_team_reports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;