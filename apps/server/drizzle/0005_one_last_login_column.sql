-- Password and Google sign-ins recorded their time in two columns; keep the later one in last_login_at.
UPDATE "users" SET "last_login_at" = "last_log_in" WHERE "last_log_in" IS NOT NULL AND ("last_login_at" IS NULL OR "last_log_in" > "last_login_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "last_log_in";
