CREATE TABLE "public_support_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "public_support_requests" ALTER COLUMN "name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "public_support_attachments" ADD CONSTRAINT "public_support_attachments_request_id_public_support_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."public_support_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "public_support_attachments_request_id_idx" ON "public_support_attachments" USING btree ("request_id","id");