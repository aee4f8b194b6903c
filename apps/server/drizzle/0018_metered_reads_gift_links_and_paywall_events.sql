CREATE TABLE "gift_link_opens" (
	"gift_link_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_link_opens_gift_link_id_user_id_pk" PRIMARY KEY("gift_link_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "gift_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"article_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "metered_reads" (
	"user_id" uuid NOT NULL,
	"month" date NOT NULL,
	"article_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metered_reads_user_id_month_article_id_pk" PRIMARY KEY("user_id","month","article_id")
);
--> statement-breakpoint
CREATE TABLE "paywall_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"article_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" smallint NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gift_link_opens" ADD CONSTRAINT "gift_link_opens_gift_link_id_gift_links_id_fk" FOREIGN KEY ("gift_link_id") REFERENCES "public"."gift_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_link_opens" ADD CONSTRAINT "gift_link_opens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_links" ADD CONSTRAINT "gift_links_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_links" ADD CONSTRAINT "gift_links_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metered_reads" ADD CONSTRAINT "metered_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metered_reads" ADD CONSTRAINT "metered_reads_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paywall_events" ADD CONSTRAINT "paywall_events_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paywall_events" ADD CONSTRAINT "paywall_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_links_token_hash_idx" ON "gift_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "gift_links_sender_idx" ON "gift_links" USING btree ("sender_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "paywall_events_at_idx" ON "paywall_events" USING btree ("at","article_id","kind","user_id");--> statement-breakpoint
CREATE INDEX "paywall_events_user_idx" ON "paywall_events" USING btree ("user_id","kind","at");--> statement-breakpoint
CREATE INDEX "paywall_events_article_idx" ON "paywall_events" USING btree ("article_id");