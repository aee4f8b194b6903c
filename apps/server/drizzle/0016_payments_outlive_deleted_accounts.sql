ALTER TABLE "payment_intents" DROP CONSTRAINT "payment_intents_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_intents" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;