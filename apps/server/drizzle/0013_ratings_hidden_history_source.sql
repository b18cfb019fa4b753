CREATE TABLE "hidden_titles" (
	"user_id" text NOT NULL,
	"item_key" text NOT NULL,
	"movie_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"hidden_at" timestamp with time zone NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"fingerprint" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "hidden_titles_user_id_item_key_pk" PRIMARY KEY("user_id","item_key")
);
--> statement-breakpoint
CREATE TABLE "user_ratings" (
	"user_id" text NOT NULL,
	"item_key" text NOT NULL,
	"movie_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"season_number" integer,
	"episode_number" integer,
	"rating" integer NOT NULL,
	"rated_at" timestamp with time zone NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"fingerprint" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "user_ratings_user_id_item_key_pk" PRIMARY KEY("user_id","item_key")
);
--> statement-breakpoint
ALTER TABLE "viewing_history" ADD COLUMN "source" text DEFAULT 'player' NOT NULL;--> statement-breakpoint
ALTER TABLE "hidden_titles" ADD CONSTRAINT "hidden_titles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ratings" ADD CONSTRAINT "user_ratings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hidden_titles_user_version_idx" ON "hidden_titles" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "user_ratings_user_version_idx" ON "user_ratings" USING btree ("user_id","version");