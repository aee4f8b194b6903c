CREATE TABLE "premium_reminders" (
	"user_id" uuid NOT NULL,
	"premium_until" timestamp with time zone NOT NULL,
	"stage" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "premium_reminders_user_id_premium_until_stage_pk" PRIMARY KEY("user_id","premium_until","stage")
);
--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "premium_reminders" ADD CONSTRAINT "premium_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;