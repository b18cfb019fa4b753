CREATE TABLE "account_tokens" (
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_tokens_user_id_purpose_pk" PRIMARY KEY("user_id","purpose")
);
--> statement-breakpoint
CREATE TABLE "webhook_unmatched" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"title" text NOT NULL,
	"year" integer,
	"content_type" text,
	"season_number" integer,
	"episode_number" integer,
	"reason" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "viewing_history" ADD COLUMN "play_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_unmatched" ADD CONSTRAINT "webhook_unmatched_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_tokens_token_idx" ON "account_tokens" USING btree ("token");--> statement-breakpoint
CREATE INDEX "webhook_unmatched_user_received_idx" ON "webhook_unmatched" USING btree ("user_id","received_at" DESC NULLS LAST);