-- Post Performance's hashtag ranks read every post's caption and matched tags in JavaScript on
-- each call: 5,000 captions a call, most of the route's time (issue 27 point 4). Each post now
-- keeps its caption's distinct lowercased hashtags, written with the caption by upsertMedia, and
-- the benchmarks are aggregated in one statement. The tags are not worked out here: PostgreSQL's
-- regular expressions and lower() follow the database's locale (a C locale sees no letter beyond
-- ASCII), so existing rows stay null and the first benchmarks read of an account fills them in
-- with the one JavaScript rule (contracts' postHashtags); the partial index finds those rows and
-- is empty once they are filled.
ALTER TABLE "instagram_media" ADD COLUMN "hashtags" text[];--> statement-breakpoint
CREATE INDEX "instagram_media_hashtags_pending_idx" ON "instagram_media" USING btree ("workspace_id","account_id") WHERE "instagram_media"."hashtags" is null and "instagram_media"."caption" is not null;