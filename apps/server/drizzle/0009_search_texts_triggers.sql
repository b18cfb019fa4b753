-- search_texts and title_words follow titles through statement-level triggers, whatever writes the
-- titles (the catalogue import, the benchmark's generator, an operator's SQL): each statement's
-- transition table is counted once, so a 500-row insert costs two grouped upserts, not 500.
CREATE FUNCTION search_vocabulary_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_texts (search_title, titles)
    SELECT search_title, count(*) FROM added_titles GROUP BY search_title
    ON CONFLICT (search_title) DO UPDATE SET titles = search_texts.titles + excluded.titles;
  INSERT INTO title_words (word, titles)
    SELECT word, count(*) FROM added_titles, unnest(tsvector_to_array(to_tsvector('simple', search_title))) AS word
    GROUP BY word
    ON CONFLICT (word) DO UPDATE SET titles = title_words.titles + excluded.titles;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION search_vocabulary_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_texts SET titles = search_texts.titles - gone.titles
    FROM (SELECT search_title, count(*) AS titles FROM removed_titles GROUP BY search_title) gone
    WHERE search_texts.search_title = gone.search_title;
  DELETE FROM search_texts
    WHERE titles <= 0 AND search_title IN (SELECT search_title FROM removed_titles);
  UPDATE title_words SET titles = title_words.titles - gone.titles
    FROM (SELECT word, count(*) AS titles
          FROM removed_titles, unnest(tsvector_to_array(to_tsvector('simple', search_title))) AS word
          GROUP BY word) gone
    WHERE title_words.word = gone.word;
  DELETE FROM title_words
    WHERE titles <= 0
      AND word IN (SELECT unnest(tsvector_to_array(to_tsvector('simple', search_title))) FROM removed_titles);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update counts as the old rows removed and the new ones added; updates that leave every
-- search_title as it was (popularity, votes) change nothing.
CREATE FUNCTION search_vocabulary_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM removed_titles o
    WHERE NOT EXISTS (
      SELECT 1 FROM added_titles n
      WHERE n.media_type = o.media_type AND n.id = o.id AND n.search_title = o.search_title
    )
  ) AND (SELECT count(*) FROM removed_titles) = (SELECT count(*) FROM added_titles) THEN
    RETURN NULL;
  END IF;
  UPDATE search_texts SET titles = search_texts.titles - gone.titles
    FROM (SELECT search_title, count(*) AS titles FROM removed_titles GROUP BY search_title) gone
    WHERE search_texts.search_title = gone.search_title;
  UPDATE title_words SET titles = title_words.titles - gone.titles
    FROM (SELECT word, count(*) AS titles
          FROM removed_titles, unnest(tsvector_to_array(to_tsvector('simple', search_title))) AS word
          GROUP BY word) gone
    WHERE title_words.word = gone.word;
  INSERT INTO search_texts (search_title, titles)
    SELECT search_title, count(*) FROM added_titles GROUP BY search_title
    ON CONFLICT (search_title) DO UPDATE SET titles = search_texts.titles + excluded.titles;
  INSERT INTO title_words (word, titles)
    SELECT word, count(*) FROM added_titles, unnest(tsvector_to_array(to_tsvector('simple', search_title))) AS word
    GROUP BY word
    ON CONFLICT (word) DO UPDATE SET titles = title_words.titles + excluded.titles;
  DELETE FROM search_texts
    WHERE titles <= 0 AND search_title IN (SELECT search_title FROM removed_titles);
  DELETE FROM title_words
    WHERE titles <= 0
      AND word IN (SELECT unnest(tsvector_to_array(to_tsvector('simple', search_title))) FROM removed_titles);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION search_vocabulary_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_texts;
  DELETE FROM title_words;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER titles_search_vocabulary_insert AFTER INSERT ON titles
  REFERENCING NEW TABLE AS added_titles FOR EACH STATEMENT EXECUTE FUNCTION search_vocabulary_add();
--> statement-breakpoint
CREATE TRIGGER titles_search_vocabulary_delete AFTER DELETE ON titles
  REFERENCING OLD TABLE AS removed_titles FOR EACH STATEMENT EXECUTE FUNCTION search_vocabulary_remove();
--> statement-breakpoint
CREATE TRIGGER titles_search_vocabulary_update AFTER UPDATE ON titles
  REFERENCING OLD TABLE AS removed_titles NEW TABLE AS added_titles
  FOR EACH STATEMENT EXECUTE FUNCTION search_vocabulary_update();
--> statement-breakpoint
CREATE TRIGGER titles_search_vocabulary_truncate AFTER TRUNCATE ON titles
  FOR EACH STATEMENT EXECUTE FUNCTION search_vocabulary_clear();
--> statement-breakpoint
-- The titles already stored (a database migrated before these tables existed).
INSERT INTO search_texts (search_title, titles)
  SELECT search_title, count(*) FROM titles GROUP BY search_title;
--> statement-breakpoint
INSERT INTO title_words (word, titles)
  SELECT word, count(*) FROM titles, unnest(tsvector_to_array(to_tsvector('simple', search_title))) AS word
  GROUP BY word;
--> statement-breakpoint
ANALYZE search_texts;
--> statement-breakpoint
ANALYZE title_words;
