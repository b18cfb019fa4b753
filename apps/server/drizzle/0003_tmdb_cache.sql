CREATE TABLE "tmdb_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tmdb_cache_expires_at_idx" ON "tmdb_cache" USING btree ("expires_at");