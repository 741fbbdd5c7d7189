ALTER TABLE "instagram_media" ADD COLUMN "latest_reach" double precision;--> statement-breakpoint
ALTER TABLE "instagram_media" ADD COLUMN "latest_views" double precision;--> statement-breakpoint
ALTER TABLE "instagram_media" ADD COLUMN "latest_likes" double precision;--> statement-breakpoint
ALTER TABLE "instagram_media" ADD COLUMN "latest_comments" double precision;--> statement-breakpoint
ALTER TABLE "instagram_media" ADD COLUMN "latest_saves" double precision;--> statement-breakpoint
ALTER TABLE "instagram_media" ADD COLUMN "latest_shares" double precision;--> statement-breakpoint
ALTER TABLE "instagram_media" ADD COLUMN "latest_interactions" double precision;--> statement-breakpoint
ALTER TABLE "instagram_media" ADD COLUMN "metrics_captured_at" timestamp with time zone;--> statement-breakpoint
-- Backfill (hand-written; keep when regenerating): posts synced before these columns existed.
UPDATE "instagram_media" m SET
  "latest_reach" = (select i."value" from "instagram_media_insights" i where i."user_id" = m."user_id" and i."account_id" = m."account_id" and i."ig_media_id" = m."ig_media_id" and i."metric" = 'reach' order by i."captured_at" desc limit 1),
  "latest_views" = (select i."value" from "instagram_media_insights" i where i."user_id" = m."user_id" and i."account_id" = m."account_id" and i."ig_media_id" = m."ig_media_id" and i."metric" = 'views' order by i."captured_at" desc limit 1),
  "latest_likes" = (select i."value" from "instagram_media_insights" i where i."user_id" = m."user_id" and i."account_id" = m."account_id" and i."ig_media_id" = m."ig_media_id" and i."metric" = 'likes' order by i."captured_at" desc limit 1),
  "latest_comments" = (select i."value" from "instagram_media_insights" i where i."user_id" = m."user_id" and i."account_id" = m."account_id" and i."ig_media_id" = m."ig_media_id" and i."metric" = 'comments' order by i."captured_at" desc limit 1),
  "latest_saves" = (select i."value" from "instagram_media_insights" i where i."user_id" = m."user_id" and i."account_id" = m."account_id" and i."ig_media_id" = m."ig_media_id" and i."metric" = 'saves' order by i."captured_at" desc limit 1),
  "latest_shares" = (select i."value" from "instagram_media_insights" i where i."user_id" = m."user_id" and i."account_id" = m."account_id" and i."ig_media_id" = m."ig_media_id" and i."metric" = 'shares' order by i."captured_at" desc limit 1),
  "latest_interactions" = (select i."value" from "instagram_media_insights" i where i."user_id" = m."user_id" and i."account_id" = m."account_id" and i."ig_media_id" = m."ig_media_id" and i."metric" = 'interactions' order by i."captured_at" desc limit 1),
  "metrics_captured_at" = (select max(i."captured_at") from "instagram_media_insights" i where i."user_id" = m."user_id" and i."account_id" = m."account_id" and i."ig_media_id" = m."ig_media_id");
