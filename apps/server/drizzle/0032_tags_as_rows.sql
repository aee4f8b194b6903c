CREATE TABLE "tag_former_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"tag_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"position" integer NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tag_former_slugs" ADD CONSTRAINT "tag_former_slugs_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tag_former_slugs_tag_idx" ON "tag_former_slugs" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_lower_key" ON "tags" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "tags_slug_key" ON "tags" USING btree ("slug");--> statement-breakpoint
INSERT INTO "tags" ("name", "slug", "position") VALUES
	('Politics', 'politics', 1),
	('Sports', 'sports', 2),
	('Technology', 'technology', 3),
	('Entertainment', 'entertainment', 4),
	('Health', 'health', 5);--> statement-breakpoint
UPDATE "brief_subscriptions" SET "tags" = ARRAY(SELECT "t" FROM unnest("tags") AS "t" WHERE "t" IN (SELECT "name" FROM "tags")) WHERE NOT ("tags" <@ ARRAY(SELECT "name" FROM "tags"));
