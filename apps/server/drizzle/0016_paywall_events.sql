CREATE TABLE "paywall_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"article_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" smallint NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "paywall_events" ADD CONSTRAINT "paywall_events_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paywall_events" ADD CONSTRAINT "paywall_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paywall_events_at_idx" ON "paywall_events" USING btree ("at","article_id","kind","user_id");--> statement-breakpoint
CREATE INDEX "paywall_events_user_idx" ON "paywall_events" USING btree ("user_id","kind","at");--> statement-breakpoint
CREATE INDEX "paywall_events_article_idx" ON "paywall_events" USING btree ("article_id");