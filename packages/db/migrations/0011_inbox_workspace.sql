CREATE TABLE "inbox_comment_actions" (
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"ig_comment_id" text NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"private_reply_at" timestamp with time zone,
	"private_reply_text" text,
	"private_reply_message_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_comment_actions_pk" PRIMARY KEY("user_id","account_id","ig_comment_id")
);
--> statement-breakpoint
CREATE TABLE "inbox_message_attachments" (
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"ig_message_id" text NOT NULL,
	"attachments" jsonb NOT NULL,
	CONSTRAINT "inbox_message_attachments_pk" PRIMARY KEY("user_id","account_id","ig_message_id")
);
--> statement-breakpoint
CREATE TABLE "inbox_people" (
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"igsid" text NOT NULL,
	"username" text,
	"name" text,
	"profile_pic" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_people_pk" PRIMARY KEY("user_id","account_id","igsid")
);
--> statement-breakpoint
CREATE TABLE "inbox_read_states" (
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"conversation_id" text NOT NULL,
	"read_at" timestamp with time zone,
	"is_marked_unread" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_read_states_pk" PRIMARY KEY("user_id","account_id","kind","conversation_id"),
	CONSTRAINT "inbox_read_states_kind_check" CHECK ("inbox_read_states"."kind" in ('dm', 'comments'))
);
--> statement-breakpoint
CREATE TABLE "inbox_saved_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbox_comment_actions" ADD CONSTRAINT "inbox_comment_actions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_message_attachments" ADD CONSTRAINT "inbox_message_attachments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_people" ADD CONSTRAINT "inbox_people_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_read_states" ADD CONSTRAINT "inbox_read_states_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_saved_replies" ADD CONSTRAINT "inbox_saved_replies_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_saved_replies_user_idx" ON "inbox_saved_replies" USING btree ("user_id","title");