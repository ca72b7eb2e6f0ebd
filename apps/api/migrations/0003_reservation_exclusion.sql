-- Written by hand: drizzle-kit cannot express exclusion constraints. btree_gist lets the
-- integer room_id take part in a GiST index next to the time range, so two confirmed
-- reservations of one room can never overlap, whatever the timing of concurrent requests.
-- PGlite loads the extension's code itself (src/db/database.ts); both run this same SQL.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_no_overlap" EXCLUDE USING gist ("room_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("status" = 'confirmed');
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_range_check" CHECK ("ends_at" > "starts_at");
