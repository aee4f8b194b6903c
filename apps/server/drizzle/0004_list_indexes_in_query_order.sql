DROP INDEX "articles_status_created_idx";--> statement-breakpoint
DROP INDEX "articles_status_views_idx";--> statement-breakpoint
DROP INDEX "articles_publisher_created_idx";--> statement-breakpoint
CREATE INDEX "articles_created_idx" ON "articles" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_status_created_idx" ON "articles" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_status_views_idx" ON "articles" USING btree ("status","views" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_publisher_created_idx" ON "articles" USING btree ("publisher_id","created_at" DESC NULLS FIRST);