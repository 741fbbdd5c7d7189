ALTER TABLE "instagram_messages" ADD COLUMN "send_status" text;--> statement-breakpoint
ALTER TABLE "instagram_messages" ADD COLUMN "send_error" text;--> statement-breakpoint
ALTER TABLE "instagram_messages" ADD COLUMN "client_message_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "instagram_messages_client_message_idx" ON "instagram_messages" USING btree ("user_id","client_message_id") WHERE "instagram_messages"."client_message_id" is not null;