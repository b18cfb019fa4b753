CREATE TABLE "user_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "viewing_history" (
	"user_id" text NOT NULL,
	"item_key" text NOT NULL,
	"id" text NOT NULL,
	"movie_id" integer NOT NULL,
	"movie_title" text NOT NULL,
	"movie_poster" text,
	"content_type" text NOT NULL,
	"watched_at" timestamp with time zone NOT NULL,
	"duration_watched" real DEFAULT 0 NOT NULL,
	"total_duration" real,
	"completed" boolean DEFAULT false NOT NULL,
	"season_number" integer,
	"episode_number" integer,
	"episode_title" text,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"fingerprint" text NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "viewing_history_user_id_item_key_pk" PRIMARY KEY("user_id","item_key")
);
--> statement-breakpoint
CREATE TABLE "watch_later" (
	"user_id" text NOT NULL,
	"item_key" text NOT NULL,
	"id" text NOT NULL,
	"movie_id" integer NOT NULL,
	"movie_title" text NOT NULL,
	"movie_poster" text,
	"movie_overview" text,
	"movie_release_date" text,
	"movie_vote_average" real,
	"content_type" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"fingerprint" text NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "watch_later_user_id_item_key_pk" PRIMARY KEY("user_id","item_key")
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_history" ADD CONSTRAINT "viewing_history_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_later" ADD CONSTRAINT "watch_later_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "viewing_history_user_watched_idx" ON "viewing_history" USING btree ("user_id","watched_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "watch_later_user_added_idx" ON "watch_later" USING btree ("user_id","added_at" DESC NULLS LAST);