CREATE TABLE "article_views_hourly" (
	"article_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_views_hourly_article_id_hour_pk" PRIMARY KEY("article_id","hour")
);
--> statement-breakpoint
CREATE TABLE "brief_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"send_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"since" timestamp with time zone,
	"until" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brief_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"article_id" uuid,
	"audience" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brief_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"hour" smallint NOT NULL,
	"time_zone" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"publisher_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"suppressed_at" timestamp with time zone,
	"suppressed_reason" text,
	"last_brief_at" timestamp with time zone,
	"next_brief_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brief_subscriptions_hour_check" CHECK ("brief_subscriptions"."hour" between 0 and 23),
	CONSTRAINT "brief_subscriptions_email_lower_check" CHECK ("brief_subscriptions"."email" = lower("brief_subscriptions"."email"))
);
--> statement-breakpoint
ALTER TABLE "article_views_hourly" ADD CONSTRAINT "article_views_hourly_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_deliveries" ADD CONSTRAINT "brief_deliveries_send_id_brief_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."brief_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_deliveries" ADD CONSTRAINT "brief_deliveries_subscription_id_brief_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."brief_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_sends" ADD CONSTRAINT "brief_sends_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_sends" ADD CONSTRAINT "brief_sends_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_subscriptions" ADD CONSTRAINT "brief_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_views_hourly_hour_idx" ON "article_views_hourly" USING btree ("hour","article_id","views");--> statement-breakpoint
CREATE UNIQUE INDEX "brief_deliveries_send_subscription_key" ON "brief_deliveries" USING btree ("send_id","subscription_id");--> statement-breakpoint
CREATE INDEX "brief_deliveries_due_idx" ON "brief_deliveries" USING btree ("next_attempt_at") WHERE "brief_deliveries"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "brief_deliveries_subscription_idx" ON "brief_deliveries" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "brief_sends_daily_key" ON "brief_sends" USING btree ("label") WHERE "brief_sends"."kind" = 'daily';--> statement-breakpoint
CREATE INDEX "brief_sends_created_idx" ON "brief_sends" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "brief_subscriptions_email_key" ON "brief_subscriptions" USING btree ("email");--> statement-breakpoint
CREATE INDEX "brief_subscriptions_user_idx" ON "brief_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "brief_subscriptions_due_idx" ON "brief_subscriptions" USING btree ("next_brief_at") WHERE "brief_subscriptions"."status" = 'active';