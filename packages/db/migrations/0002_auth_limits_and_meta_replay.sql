CREATE TABLE "rate_limit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_deletion_requests" ADD COLUMN "signed_request_hash" text;--> statement-breakpoint
CREATE INDEX "rate_limit_events_key_created_at_idx" ON "rate_limit_events" USING btree ("key","created_at");--> statement-breakpoint
ALTER TABLE "data_deletion_requests" ADD CONSTRAINT "data_deletion_requests_signed_request_hash_unique" UNIQUE("signed_request_hash");