CREATE TABLE "billing_supplier" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"ico" text NOT NULL,
	"dic" text,
	"registration" text,
	"vat_payer" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_supplier_one_row" CHECK ("billing_supplier"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"rate" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	CONSTRAINT "vat_rates_rate_valid_from_pk" PRIMARY KEY("rate","valid_from")
);
--> statement-breakpoint
ALTER TABLE "billing_items" ADD COLUMN "vat_rate" integer;--> statement-breakpoint
ALTER TABLE "billing_statements" ADD COLUMN "supplier" jsonb;--> statement-breakpoint
ALTER TABLE "billing_statements" ADD COLUMN "customer" jsonb;--> statement-breakpoint
-- Statements issued before this release knew their tenant by name only: that is the customer
-- they keep (no address, IČO or DIČ was ever recorded for them), and they have no supplier.
UPDATE "billing_statements" SET "customer" = jsonb_build_object(
	'name', "tenants"."name", 'street', null, 'city', null, 'postal_code', null, 'ico', null, 'dic', null
) FROM "tenants" WHERE "tenants"."id" = "billing_statements"."tenant_id";--> statement-breakpoint
ALTER TABLE "billing_statements" ALTER COLUMN "customer" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_statements" ADD COLUMN "taxable_supply_date" date;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "billing_name" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "ico" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "dic" text;--> statement-breakpoint
-- The Czech VAT rates by taxable supply day (zákon č. 235/2004 Sb.): 21 % and 15 % since 2013,
-- 10 % since 2015, merged into the one reduced rate of 12 % from 2024 (zákon č. 349/2023 Sb.);
-- 0 % stands for an exempt supply. The operator adds the next change with portal-admin vat-rates.
INSERT INTO "vat_rates" ("rate", "valid_from", "valid_to") VALUES
	(21, '2013-01-01', null),
	(15, '2013-01-01', '2023-12-31'),
	(10, '2015-01-01', '2023-12-31'),
	(12, '2024-01-01', null),
	(0, '2004-05-01', null);
