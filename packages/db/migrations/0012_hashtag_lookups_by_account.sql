DROP INDEX "hashtag_lookups_account_idx";--> statement-breakpoint
CREATE INDEX "hashtag_lookups_account_idx" ON "hashtag_lookups" USING btree ("account_id","looked_up_at");