-- Issue 45 (docs/decisions/068-published-time-and-author-pages.md): an article's published time, and author pages.
ALTER TABLE "articles" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
-- An article was first made public at its first 'approve' in the moderation record; an approved article without
-- one (made before the record existed) at its last decision (decided_at), else at its submission (created_at). An
-- article back in review after an approval keeps the time it was first published.
UPDATE "articles" SET "published_at" = coalesce(
  (SELECT min("moderation_actions"."created_at") FROM "moderation_actions"
    WHERE "moderation_actions"."article_id" = "articles"."id" AND "moderation_actions"."action" = 'approve'),
  CASE WHEN "articles"."status" = 'approved' THEN coalesce("articles"."decided_at", "articles"."created_at") END
);--> statement-breakpoint
-- An author page's slug from a name: what `slugify()` (packages/shared/src/slugs.ts) gives, as near as SQL can (as
-- migration 0014 did for publishers), 'author' for a name without a letter or digit.
CREATE FUNCTION "author_slug_base"("name" text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(trim(both '-' from left(trim(both '-' from regexp_replace(lower(regexp_replace(
    CASE WHEN current_setting('server_encoding') = 'UTF8' THEN normalize("name", NFKD) ELSE "name" END,
    '[\u0300-\u036f]', '', 'g')), '[^[:alnum:]]+', '-', 'g')), 80)), ''), 'author')
$$;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "slug" text;--> statement-breakpoint
-- Existing accounts: the older of two equal slugs keeps it, the later ones are numbered.
UPDATE "users" SET "slug" = numbered."slug"
FROM (
  SELECT "id", CASE WHEN n = 1 THEN base ELSE base || '-' || n END AS "slug"
  FROM (
    SELECT "id", base, row_number() OVER (PARTITION BY base ORDER BY "created_at", "id") AS n
    FROM (SELECT "id", "created_at", "author_slug_base"("name") AS base FROM "users") AS bases
  ) AS ranked
) AS numbered
WHERE "users"."id" = numbered."id";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
-- Every new account gets its slug here, whichever code inserts it (registration, Google, the seed, an instance of
-- the previous build during a rolling restart): numbered "-2", "-3"… when taken. Accounts made at once with one
-- name take turns (an advisory lock on the slug), so the later one sees the earlier's slug and is numbered.
CREATE FUNCTION "users_fill_slug"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  base text := "author_slug_base"(NEW."name");
  candidate text := base;
  n integer := 1;
BEGIN
  PERFORM pg_advisory_xact_lock(7531908, hashtext(base));
  WHILE EXISTS (SELECT 1 FROM "users" WHERE "slug" = candidate) LOOP
    n := n + 1;
    candidate := base || '-' || n;
  END LOOP;
  NEW."slug" := candidate;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_fill_slug" BEFORE INSERT ON "users"
  FOR EACH ROW WHEN (NEW."slug" IS NULL) EXECUTE FUNCTION "users_fill_slug"();--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bio" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "links" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_author_published_idx" ON "articles" USING btree ("author_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "articles"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "articles"."status" = 'approved';--> statement-breakpoint
CREATE UNIQUE INDEX "users_slug_key" ON "users" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_bio_length_check" CHECK (char_length("users"."bio") <= 300);
