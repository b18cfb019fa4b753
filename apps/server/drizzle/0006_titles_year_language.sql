CREATE INDEX "titles_year_idx" ON "titles" USING btree ("media_type","year");--> statement-breakpoint
CREATE INDEX "titles_language_idx" ON "titles" USING btree ("media_type","original_language");