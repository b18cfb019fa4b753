CREATE TABLE "episodes" (
	"series_id" integer NOT NULL,
	"season_number" integer NOT NULL,
	"episode_number" integer NOT NULL,
	"name" text,
	"air_date" date,
	"runtime" integer,
	"overview" text,
	CONSTRAINT "episodes_series_id_season_number_episode_number_pk" PRIMARY KEY("series_id","season_number","episode_number")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"series_id" integer NOT NULL,
	"season_number" integer NOT NULL,
	"name" text,
	"air_date" date,
	"episode_count" integer NOT NULL,
	CONSTRAINT "seasons_series_id_season_number_pk" PRIMARY KEY("series_id","season_number")
);
--> statement-breakpoint
CREATE TABLE "titles" (
	"media_type" text NOT NULL,
	"id" integer NOT NULL,
	"title" text NOT NULL,
	"original_title" text NOT NULL,
	"original_language" text NOT NULL,
	"origin_country" text[] DEFAULT '{}'::text[] NOT NULL,
	"overview" text,
	"release_date" date,
	"last_air_date" date,
	"year" smallint,
	"genre_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"runtime" integer,
	"status" text,
	"certification" text DEFAULT 'NR' NOT NULL,
	"vote_average" real,
	"vote_count" integer,
	"popularity" real DEFAULT 0 NOT NULL,
	"budget" bigint,
	"revenue" bigint,
	"homepage" text,
	"directors" text[] DEFAULT '{}'::text[] NOT NULL,
	"creators" text[] DEFAULT '{}'::text[] NOT NULL,
	"production_companies" text[] DEFAULT '{}'::text[] NOT NULL,
	"networks" text[] DEFAULT '{}'::text[] NOT NULL,
	"production_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"spoken_languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"number_of_seasons" integer,
	"number_of_episodes" integer,
	"search_title" text NOT NULL,
	CONSTRAINT "titles_media_type_id_pk" PRIMARY KEY("media_type","id")
);
--> statement-breakpoint
CREATE INDEX "titles_popularity_idx" ON "titles" USING btree ("media_type","popularity" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "titles_release_idx" ON "titles" USING btree ("media_type","release_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "titles_vote_average_idx" ON "titles" USING btree ("media_type","vote_average" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "titles_title_idx" ON "titles" USING btree ("media_type","title");--> statement-breakpoint
CREATE INDEX "titles_genres_idx" ON "titles" USING gin ("genre_ids");--> statement-breakpoint
CREATE INDEX "titles_search_trgm_idx" ON "titles" USING gist ("search_title" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "titles_search_fts_idx" ON "titles" USING gin (to_tsvector('simple', "search_title"));