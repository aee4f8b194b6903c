CREATE TABLE "article_reader_days" (
	"day" date NOT NULL,
	"article_id" uuid NOT NULL,
	"reader" text NOT NULL,
	CONSTRAINT "article_reader_days_day_article_id_reader_pk" PRIMARY KEY("day","article_id","reader")
);
--> statement-breakpoint
DROP INDEX "articles_status_views_idx";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "reader_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Until readers are counted a day, each view so far stands for one: trending keeps its order.
UPDATE "articles" SET "reader_days" = "views";--> statement-breakpoint
ALTER TABLE "article_reader_days" ADD CONSTRAINT "article_reader_days_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_status_reader_days_idx" ON "articles" USING btree ("status","reader_days" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_reader_days_check" CHECK ("articles"."reader_days" >= 0);