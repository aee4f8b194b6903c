CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"plan_id" text NOT NULL,
	"plan_snapshot" jsonb NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"payment_method" text,
	"card_last4" text,
	"status" text NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"past_due_since" timestamp with time zone,
	"reminded_for" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('trialing', 'active', 'past_due', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "kind" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "renews_every" text;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "free_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_live_user_key" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("next_attempt_at") WHERE "subscriptions"."next_attempt_at" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_ref_key" ON "subscriptions" USING btree ("provider_ref");--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_subscription_period_key" ON "payment_intents" USING btree ("subscription_id","period_start") WHERE "payment_intents"."subscription_id" is not null and "payment_intents"."status" = 'succeeded';--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_kind_check" CHECK ("payment_intents"."kind" in ('payment', 'free_days', 'renewal'));--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_renews_every_check" CHECK ("plans"."renews_every" is null or "plans"."renews_every" in ('month', 'year'));--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_free_days_check" CHECK ("plans"."free_days" >= 0 and ("plans"."free_days" = 0 or "plans"."renews_every" is not null));