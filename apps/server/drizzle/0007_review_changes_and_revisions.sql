CREATE TABLE "article_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"author_id" uuid,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"tags" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" DROP CONSTRAINT "articles_status_check";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "changes_note" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "reviewed_revision_id" uuid;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "article_revisions_article_number_key" ON "article_revisions" USING btree ("article_id","number");--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_status_check" CHECK ("articles"."status" in ('pending', 'changes_requested', 'approved', 'declined'));--> statement-breakpoint
-- Every article already written keeps its current text as its first revision, saved by its writer.
INSERT INTO "article_revisions" ("article_id", "number", "author_id", "title", "description", "tags", "created_at")
SELECT "id", 1, "author_id", "title", "description", "tags", "updated_at" FROM "articles";
