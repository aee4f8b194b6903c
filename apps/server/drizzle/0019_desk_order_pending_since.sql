ALTER TABLE "articles" ADD COLUMN "pending_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- An article entered review when it was submitted, or with the first save after the last decision on it.
UPDATE "articles" AS a SET "pending_since" = coalesce(
	(SELECT min(r."created_at") FROM "article_revisions" AS r WHERE r."article_id" = a."id" AND r."created_at" > a."decided_at"),
	a."created_at"
);--> statement-breakpoint
CREATE INDEX "articles_desk_order_idx" ON "articles" USING btree ((case "status" when 'pending' then 0 when 'changes_requested' then 1 else 2 end),(case when "status" = 'pending' then "pending_since" end),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);