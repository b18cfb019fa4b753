CREATE TABLE "title_words_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "title_words_trgm_idx";--> statement-breakpoint
DROP INDEX "title_words_prefix_idx";--> statement-breakpoint
-- Search holds title_words in memory and looks up words there: the trigram and prefix indexes
-- above have no reader left. The version is raised by every statement that changes title_words,
-- whatever it is (the titles' triggers, an operator's SQL), and read with every search's results.
INSERT INTO "title_words_version" ("id", "version") VALUES (true, 1);--> statement-breakpoint
CREATE FUNCTION title_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE title_words_version SET version = version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER title_words_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON title_words
  FOR EACH STATEMENT EXECUTE FUNCTION title_words_changed();
