CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text,
	"duration_minutes" integer NOT NULL,
	"features" text[] NOT NULL,
	"premium_articles" integer,
	"position" integer NOT NULL,
	"visibility" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_price_minor_check" CHECK ("plans"."price_minor" > 0),
	CONSTRAINT "plans_duration_minutes_check" CHECK ("plans"."duration_minutes" > 0),
	CONSTRAINT "plans_premium_articles_check" CHECK ("plans"."premium_articles" is null or "plans"."premium_articles" > 0),
	CONSTRAINT "plans_visibility_check" CHECK ("plans"."visibility" in ('listed', 'unlisted', 'archived'))
);
--> statement-breakpoint
-- SPEC's three plans, word for word (SEED_PLANS in packages/shared/src/plans.ts; a server test holds them equal).
-- Currency null: the site's CURRENCY.
INSERT INTO "plans" ("id", "name", "price_minor", "currency", "duration_minutes", "features", "premium_articles", "position", "visibility") VALUES
	('trial', 'Free Trial (1 Minute, for testing)', 1000, NULL, 1, ARRAY['Access to 1 premium article', 'No commitment', 'Preview of exclusive reporting'], NULL, 1, 'listed'),
	('individual', 'Individual Premium', 30000, NULL, 7200, ARRAY['Unlimited premium articles', 'No ads', 'Daily news brief by e-mail'], NULL, 2, 'listed'),
	('family', 'Family Plan', 50000, NULL, 14400, ARRAY['Up to 6 accounts', 'Parental controls', 'Full access', 'Daily highlights'], NULL, 3, 'listed');
--> statement-breakpoint
CREATE TABLE "premium_article_opens" (
	"user_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "premium_article_opens_user_id_article_id_pk" PRIMARY KEY("user_id","article_id")
);
--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "plan_snapshot" jsonb;--> statement-breakpoint
-- Earlier payments keep what they were: their own amount and currency, the plan's name, duration and benefits as
-- the seed rows hold them. A plan id no plan has: named by its id, its duration the period it bought (or 0).
UPDATE "payment_intents" AS p SET "plan_snapshot" = jsonb_build_object(
	'name', coalesce(plan."name", p."plan_id"),
	'amount', p."amount",
	'currency', p."currency",
	'durationMinutes', coalesce(plan."duration_minutes", round(extract(epoch from (p."period_end" - p."period_start")) / 60)::int, 0),
	'features', coalesce(to_jsonb(plan."features"), '[]'::jsonb),
	'premiumArticles', plan."premium_articles"
)
FROM "payment_intents" AS source
LEFT JOIN "plans" AS plan ON plan."id" = source."plan_id"
WHERE source."id" = p."id";--> statement-breakpoint
ALTER TABLE "payment_intents" ALTER COLUMN "plan_snapshot" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "premium_articles" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "premium_articles_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "premium_article_opens" ADD CONSTRAINT "premium_article_opens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_article_opens" ADD CONSTRAINT "premium_article_opens_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plans_name_lower_key" ON "plans" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "premium_article_opens_article_idx" ON "premium_article_opens" USING btree ("article_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_premium_articles_check" CHECK ("users"."premium_articles" is null or "users"."premium_articles" > 0);
