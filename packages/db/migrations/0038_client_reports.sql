CREATE TABLE "client_report_sendings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"period_from" text NOT NULL,
	"period_to" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "client_report_sendings_status_check" CHECK ("client_report_sendings"."status" in ('sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "client_report_shares" (
	"workspace_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "client_report_shares_pk" PRIMARY KEY("workspace_id","report_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "client_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"account_ids" jsonb NOT NULL,
	"sections" jsonb NOT NULL,
	"cover_note" text DEFAULT '' NOT NULL,
	"accent_color" text DEFAULT '#6d28d9' NOT NULL,
	"frequency" text NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"schedule_enabled" boolean DEFAULT false NOT NULL,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "client_reports_frequency_check" CHECK ("client_reports"."frequency" in ('weekly', 'monthly'))
);
--> statement-breakpoint
ALTER TABLE "dev_mailbox_messages" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "client_report_sendings" ADD CONSTRAINT "client_report_sendings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_report_sendings" ADD CONSTRAINT "client_report_sendings_report_id_client_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."client_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_report_shares" ADD CONSTRAINT "client_report_shares_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_report_shares" ADD CONSTRAINT "client_report_shares_report_id_client_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."client_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_report_shares" ADD CONSTRAINT "client_report_shares_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_reports" ADD CONSTRAINT "client_reports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_reports" ADD CONSTRAINT "client_reports_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_report_sendings_period_idx" ON "client_report_sendings" USING btree ("workspace_id","report_id","period_from");--> statement-breakpoint
CREATE INDEX "client_report_shares_user_idx" ON "client_report_shares" USING btree ("workspace_id","user_id");--> statement-breakpoint
CREATE INDEX "client_reports_workspace_idx" ON "client_reports" USING btree ("workspace_id","created_at");