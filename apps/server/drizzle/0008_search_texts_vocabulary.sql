CREATE TABLE "search_texts" (
	"search_title" text PRIMARY KEY NOT NULL,
	"titles" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "title_words" (
	"word" text PRIMARY KEY NOT NULL,
	"titles" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX IF EXISTS "titles_search_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "titles_search_fts_idx";--> statement-breakpoint
CREATE INDEX "search_texts_fts_idx" ON "search_texts" USING gin (to_tsvector('simple', "search_title")) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "title_words_trgm_idx" ON "title_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "title_words_prefix_idx" ON "title_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "titles_search_idx" ON "titles" USING btree ("search_title","popularity" DESC NULLS LAST,"id","media_type","year");