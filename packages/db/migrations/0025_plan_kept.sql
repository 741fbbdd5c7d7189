ALTER TABLE "instagram_connections" ADD COLUMN "kept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "press_keywords" ADD COLUMN "kept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trend_hashtags" ADD COLUMN "kept_at" timestamp with time zone;