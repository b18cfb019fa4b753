ALTER TABLE "viewing_history" ALTER COLUMN "duration_watched" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "viewing_history" ALTER COLUMN "total_duration" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "watch_later" ALTER COLUMN "movie_vote_average" SET DATA TYPE double precision;