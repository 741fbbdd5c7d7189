ALTER TABLE "instagram_webhook_events" ADD COLUMN "dead_lettered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "instagram_webhook_events_received_at_idx" ON "instagram_webhook_events" USING btree ("received_at");--> statement-breakpoint
-- Backfill (hand-written; keep when regenerating): events the drain had already given up on (8 attempts).
UPDATE "instagram_webhook_events" SET "dead_lettered_at" = now() WHERE "processed_at" IS NULL AND "attempts" >= 8;
