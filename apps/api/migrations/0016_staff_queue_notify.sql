-- Written by hand (drizzle-kit generate --custom: no schema change): a notification on the
-- channel portal_staff_queue whenever the staff queue's generation moves (migration 0015) or
-- a staff member's standing may have changed (active, staff, second factor, buildings; not a
-- login, which only records the code it used). An API instance listening on it serves a kept
-- queue page without asking the database until the next notification
-- (domain/staff-queue-cache.ts). A notification is sent at commit, only for a committed
-- transaction, and once per transaction however many statements fired it.
CREATE OR REPLACE FUNCTION "staff_queue_generation_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "staff_queue_generations" AS g ("stripe", "n") VALUES (pg_backend_pid() % 16, 1)
  ON CONFLICT ("stripe") DO UPDATE SET "n" = g."n" + 1;
  PERFORM pg_notify('portal_staff_queue', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "staff_queue_callers_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_staff_queue', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_staff_queue_callers" AFTER UPDATE OF "is_active", "is_staff"
  ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "staff_queue_callers_changed"();--> statement-breakpoint
CREATE TRIGGER "totp_authenticators_staff_queue_callers" AFTER INSERT OR UPDATE OF "activated_at" OR DELETE OR TRUNCATE
  ON "totp_authenticators" FOR EACH STATEMENT EXECUTE FUNCTION "staff_queue_callers_changed"();--> statement-breakpoint
CREATE TRIGGER "staff_buildings_staff_queue_callers" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "staff_buildings" FOR EACH STATEMENT EXECUTE FUNCTION "staff_queue_callers_changed"();
