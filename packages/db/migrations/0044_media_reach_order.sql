-- The dashboard's top posts and the post table sorted by reach (its first sort) sorted every
-- post of the period to show the first few. Posts are now read from this index in the order
-- those queries ask for (reach high to low, no reach last, then the id high to low) and the read
-- stops at the page (issue 27 point 4). Measured on PGlite with 5,000 posts (analytics bench,
-- three pairs in turn): the table's first page by reach p50 10.9-18.6 -> 6.8-10.6 ms.
CREATE INDEX "instagram_media_reach_idx" ON "instagram_media" USING btree ("workspace_id","account_id","latest_reach" DESC NULLS LAST,"ig_media_id" DESC NULLS FIRST) WHERE "instagram_media"."parent_ig_media_id" is null;