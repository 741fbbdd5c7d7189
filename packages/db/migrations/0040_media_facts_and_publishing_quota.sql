ALTER TABLE "instagram_connections" ADD COLUMN "publishing_quota_usage" integer;--> statement-breakpoint
ALTER TABLE "instagram_connections" ADD COLUMN "publishing_quota_total" integer;--> statement-breakpoint
ALTER TABLE "instagram_connections" ADD COLUMN "publishing_quota_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "content_type" text;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "height" integer;