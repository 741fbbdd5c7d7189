CREATE TABLE "inbox_conversation_labels" (
	"workspace_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"conversation_id" text NOT NULL,
	"label_id" uuid NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_conversation_labels_pk" PRIMARY KEY("workspace_id","account_id","kind","conversation_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "inbox_labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbox_conversation_labels" ADD CONSTRAINT "inbox_conversation_labels_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_conversation_labels" ADD CONSTRAINT "inbox_conversation_labels_label_id_inbox_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."inbox_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_labels" ADD CONSTRAINT "inbox_labels_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_conversation_labels_label_idx" ON "inbox_conversation_labels" USING btree ("workspace_id","label_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_labels_name_idx" ON "inbox_labels" USING btree ("workspace_id",lower("name"));