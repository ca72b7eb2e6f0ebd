DROP INDEX "support_tickets_building_status_created_idx";--> statement-breakpoint
DROP INDEX "support_tickets_subject_trgm_idx";--> statement-breakpoint
DROP INDEX "support_tickets_description_trgm_idx";--> statement-breakpoint
-- One ALTER for the three columns: each stored generated column rewrites the table.
ALTER TABLE "support_tickets"
  ADD COLUMN "search_document" text GENERATED ALWAYS AS (lower(subject || E'\n' || description)) STORED NOT NULL,
  ADD COLUMN "search_head" text GENERATED ALWAYS AS (left(lower(subject || E'\n' || description), 600)) STORED NOT NULL,
  ADD COLUMN "search_is_long" boolean GENERATED ALWAYS AS (char_length(subject) + char_length(description) + 1 > 600) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "support_tickets_building_status_long_idx" ON "support_tickets" USING btree ("building_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "support_tickets"."search_is_long";--> statement-breakpoint
CREATE INDEX "support_tickets_search_trgm_idx" ON "support_tickets" USING gin ("search_document" gin_trgm_ops);--> statement-breakpoint
-- Written by hand (drizzle cannot declare INCLUDE; schema.ts names it): the queue per building
-- and status in its default order, and a building's search count as an index-only scan. The
-- 600-character head keeps every entry far below the btree's 2,704-byte limit.
CREATE INDEX "support_tickets_building_status_search_idx" ON "support_tickets" USING btree ("building_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("search_is_long", "search_head");
