CREATE TABLE "automation_accounts" (
	"workspace_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"paused" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "automation_accounts_pk" PRIMARY KEY("workspace_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "automation_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" bigint NOT NULL,
	"workspace_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"text" text,
	"link_url" text,
	"link_title" text,
	"status" text NOT NULL,
	"reason" text,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"attempted_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"result_id" text,
	CONSTRAINT "automation_actions_status_check" CHECK ("automation_actions"."status" in ('queued', 'sending', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "automation_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean NOT NULL,
	"trigger" jsonb NOT NULL,
	"conditions" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"created_by_user_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"rule_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"source_id" text NOT NULL,
	"media_id" text,
	"person_id" text NOT NULL,
	"person_username" text,
	"text" text,
	"matched" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"once_key" text,
	"source_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "automation_runs_outcome_check" CHECK ("automation_runs"."outcome" in ('acted', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "automation_accounts" ADD CONSTRAINT "automation_accounts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_actions" ADD CONSTRAINT "automation_actions_run_id_automation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."automation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_actions" ADD CONSTRAINT "automation_actions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_rule_id_automation_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."automation_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_actions_run_kind_idx" ON "automation_actions" USING btree ("run_id","kind");--> statement-breakpoint
CREATE INDEX "automation_actions_queue_idx" ON "automation_actions" USING btree ("account_id","due_at","id") WHERE "automation_actions"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "automation_actions_sent_idx" ON "automation_actions" USING btree ("account_id","kind","sent_at");--> statement-breakpoint
CREATE INDEX "automation_rules_account_idx" ON "automation_rules" USING btree ("workspace_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "automation_runs_source_idx" ON "automation_runs" USING btree ("rule_id","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "automation_runs_once_idx" ON "automation_runs" USING btree ("rule_id","once_key") WHERE "automation_runs"."once_key" is not null;--> statement-breakpoint
CREATE INDEX "automation_runs_log_idx" ON "automation_runs" USING btree ("workspace_id","account_id","created_at");--> statement-breakpoint
CREATE INDEX "automation_runs_person_idx" ON "automation_runs" USING btree ("rule_id","person_id","created_at");