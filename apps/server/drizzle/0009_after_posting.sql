CREATE TABLE "posting_reversals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"posting_id" bigint NOT NULL,
	"generation" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"sap_doc_entry" integer,
	"sap_doc_num" integer,
	"reason" text NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"cancel_doc_entry" integer,
	"cancel_doc_num" integer,
	"error_message" text,
	"requested_by_id" integer,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"email_digest" boolean DEFAULT false NOT NULL,
	"last_digest_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"started_by_id" integer,
	"trigger" text DEFAULT 'user' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"summary" jsonb,
	"differences" jsonb,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "posting_attempts" ADD COLUMN "generation" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "posting_attempts" ADD COLUMN "claimed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "posting_attempts" ADD COLUMN "posting_date" date;--> statement-breakpoint
ALTER TABLE "posting_attempts" ADD COLUMN "amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "posting_attempts" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posting_attempts" ADD COLUMN "document" jsonb;--> statement-breakpoint
ALTER TABLE "cash_advances" ADD COLUMN "generation" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "transporter_invoices" ADD COLUMN "fj_generation" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "transporter_invoices" ADD COLUMN "sj_generation" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "fuel_advances" ADD COLUMN "generation" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD COLUMN "generation" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "vas_transactions" ADD COLUMN "generation" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "posting_reversals_posting_idx" ON "posting_reversals" USING btree ("posting_id");--> statement-breakpoint
CREATE INDEX "posting_reversals_record_idx" ON "posting_reversals" USING btree ("kind","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "posting_reversals_one_pending_uq" ON "posting_reversals" USING btree ("kind","record_id") WHERE "posting_reversals"."outcome" = 'pending';--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_uq" ON "notifications" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "reconciliation_runs_created_idx" ON "reconciliation_runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "posting_attempts_posting_date_idx" ON "posting_attempts" USING btree ("posting_date");--> statement-breakpoint
UPDATE "posting_attempts" SET "claimed_at" = "started_at";
