CREATE TABLE "instagram_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"ig_comment_id" text NOT NULL,
	"ig_media_id" text NOT NULL,
	"media_owner_id" text NOT NULL,
	"parent_ig_comment_id" text,
	"user_igsid" text NOT NULL,
	"username" text,
	"text" text,
	"created_at" timestamp with time zone NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instagram_comments_comment_unique" UNIQUE("user_id","account_id","ig_comment_id")
);
--> statement-breakpoint
CREATE TABLE "instagram_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"conversation_id" text NOT NULL,
	"ig_message_id" text NOT NULL,
	"from_id" text NOT NULL,
	"direction" text NOT NULL,
	"text" text,
	"created_time" timestamp with time zone NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instagram_messages_message_unique" UNIQUE("user_id","account_id","ig_message_id"),
	CONSTRAINT "instagram_messages_direction_check" CHECK ("instagram_messages"."direction" in ('inbound', 'outbound'))
);
--> statement-breakpoint
CREATE TABLE "instagram_thread_map" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"thread_id" text NOT NULL,
	"business_igsid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instagram_thread_map_thread_unique" UNIQUE("user_id","account_id","thread_id")
);
--> statement-breakpoint
ALTER TABLE "instagram_comments" ADD CONSTRAINT "instagram_comments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_messages" ADD CONSTRAINT "instagram_messages_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instagram_thread_map" ADD CONSTRAINT "instagram_thread_map_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instagram_comments_own_media_idx" ON "instagram_comments" USING btree ("user_id","created_at") WHERE "instagram_comments"."media_owner_id" = "instagram_comments"."account_id";--> statement-breakpoint
CREATE INDEX "instagram_comments_media_idx" ON "instagram_comments" USING btree ("user_id","ig_media_id","created_at");--> statement-breakpoint
CREATE INDEX "instagram_messages_inbound_idx" ON "instagram_messages" USING btree ("user_id","created_time") WHERE "instagram_messages"."direction" = 'inbound';--> statement-breakpoint
CREATE INDEX "instagram_messages_conversation_idx" ON "instagram_messages" USING btree ("user_id","conversation_id","created_time");