CREATE TABLE "plan_usage" (
	"workspace_id" uuid NOT NULL,
	"month" date NOT NULL,
	"capability" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plan_usage_pk" PRIMARY KEY("workspace_id","month","capability")
);
--> statement-breakpoint
ALTER TABLE "plan_usage" ADD CONSTRAINT "plan_usage_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;