CREATE TABLE "ticket_views" (
	"user_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ticket_views_user_id_ticket_id_pk" PRIMARY KEY("user_id","ticket_id")
);
--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "tenant_news_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "rating_satisfied" boolean;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "rating_comment" text;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_views" ADD CONSTRAINT "ticket_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_views" ADD CONSTRAINT "ticket_views_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_views_ticket_id_idx" ON "ticket_views" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "support_tickets_resolved_at_idx" ON "support_tickets" USING btree ("resolved_at") WHERE "support_tickets"."status" = 'resolved';--> statement-breakpoint
-- Tickets resolved before this release start their auto-close clock at their last change.
UPDATE "support_tickets" SET "resolved_at" = "updated_at" WHERE "status" = 'resolved';
