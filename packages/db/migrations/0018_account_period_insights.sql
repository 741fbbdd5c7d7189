CREATE TABLE "instagram_account_period_insights" (
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"metric" text NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"source_metric" text NOT NULL,
	"mapping_version" integer NOT NULL,
	"value" double precision NOT NULL,
	"captured_at" timestamp with time zone NOT NULL,
	CONSTRAINT "instagram_account_period_insights_pk" PRIMARY KEY("user_id","account_id","metric","from_day","to_day")
);
--> statement-breakpoint
ALTER TABLE "instagram_account_period_insights" ADD CONSTRAINT "instagram_account_period_insights_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;