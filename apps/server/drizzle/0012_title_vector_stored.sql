DROP INDEX "articles_title_search_idx";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', title)) STORED;--> statement-breakpoint
CREATE INDEX "articles_title_vector_idx" ON "articles" USING gin ("title_vector");