ALTER TABLE "publishers" ADD COLUMN "slug" text;--> statement-breakpoint
-- Existing publishers get the slug `slugify()` (packages/shared/src/slugs.ts) would give, as near as SQL
-- can: accents dropped (in a UTF-8 database), lower case, runs of other characters one hyphen, 80 at
-- most; the older of two equal slugs keeps it, the later ones are numbered.
UPDATE "publishers" SET "slug" = numbered."slug"
FROM (
  SELECT "id", CASE WHEN n = 1 THEN base ELSE base || '-' || n END AS "slug"
  FROM (
    SELECT "id", base, row_number() OVER (PARTITION BY base ORDER BY "created_at", "id") AS n
    FROM (
      SELECT "id", "created_at",
        coalesce(nullif(trim(both '-' from left(trim(both '-' from regexp_replace(lower(regexp_replace(
          CASE WHEN current_setting('server_encoding') = 'UTF8' THEN normalize("name", NFKD) ELSE "name" END,
          '[\u0300-\u036f]', '', 'g')), '[^[:alnum:]]+', '-', 'g')), 80)), ''), 'publisher') AS base
      FROM "publishers"
    ) AS bases
  ) AS ranked
) AS numbered
WHERE "publishers"."id" = numbered."id";--> statement-breakpoint
ALTER TABLE "publishers" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "publishers_slug_key" ON "publishers" USING btree ("slug");
