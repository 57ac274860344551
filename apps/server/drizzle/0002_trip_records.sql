CREATE TABLE "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "cash_advances" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_id" text NOT NULL,
	"document_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"trip_number" text NOT NULL,
	"route" text,
	"transporter_name" text NOT NULL,
	"transporter_code" text NOT NULL,
	"truck_number" text,
	"amount" numeric(14, 2),
	"on_account_id" integer,
	"status" text DEFAULT 'unposted' NOT NULL,
	"posting_date" date,
	"posted_at" timestamp with time zone,
	"posted_by_id" integer,
	"sap_doc_entry" integer,
	"sap_doc_num" integer,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "fuel_advances" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_id" text NOT NULL,
	"document_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"trip_number" text NOT NULL,
	"route" text,
	"transporter_name" text NOT NULL,
	"transporter_code" text NOT NULL,
	"truck_number" text,
	"order_number" text,
	"warehouse" text,
	"description" text,
	"origin_quantity" numeric(14, 3) NOT NULL,
	"collected_quantity" numeric(14, 3),
	"unit_price" numeric(14, 2) NOT NULL,
	"total_amount" numeric(14, 2),
	"pickup_order_no" text,
	"on_account_id" integer,
	"status" text DEFAULT 'unposted' NOT NULL,
	"posting_date" date,
	"posted_at" timestamp with time zone,
	"posted_by_id" integer,
	"sap_doc_entry" integer,
	"sap_doc_num" integer,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "posting_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"sap_doc_entry" integer,
	"sap_doc_num" integer,
	"error_code" text,
	"error_message" text,
	"requested_by_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sales_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_id" text NOT NULL,
	"document_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_name" text NOT NULL,
	"customer_code" text NOT NULL,
	"cargo_ref" text,
	"client_ref" text,
	"trip_number" text NOT NULL,
	"container_number" text,
	"container_size" text,
	"container_weight" text,
	"truck_number" text,
	"route" text,
	"amount" numeric(14, 2),
	"status" text DEFAULT 'unposted' NOT NULL,
	"posting_date" date,
	"posted_at" timestamp with time zone,
	"posted_by_id" integer,
	"sap_doc_entry" integer,
	"sap_doc_num" integer,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "transporter_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_id" text NOT NULL,
	"document_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"transporter_name" text NOT NULL,
	"transporter_code" text NOT NULL,
	"cargo_reference" text,
	"client_ref" text,
	"trip_number" text NOT NULL,
	"container_number" text,
	"container_size" text,
	"container_weight" text,
	"truck_number" text,
	"route_details" text,
	"invoice_amount" numeric(14, 2),
	"supplier_invoice_number" text,
	"fj_status" text DEFAULT 'unposted' NOT NULL,
	"fj_posting_date" date,
	"fj_posted_at" timestamp with time zone,
	"fj_posted_by_id" integer,
	"fj_sap_doc_entry" integer,
	"fj_sap_doc_num" integer,
	"fj_last_error" text,
	"sj_status" text DEFAULT 'unposted' NOT NULL,
	"sj_posting_date" date,
	"sj_posted_at" timestamp with time zone,
	"sj_posted_by_id" integer,
	"sj_sap_doc_entry" integer,
	"sj_sap_doc_num" integer,
	"sj_last_error" text
);
--> statement-breakpoint
CREATE TABLE "vas_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_id" text NOT NULL,
	"document_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"trip_number" text,
	"transporter_name" text NOT NULL,
	"transporter_code" text NOT NULL,
	"truck_number" text,
	"order_number" text,
	"supplier_name" text NOT NULL,
	"supplier_code" text NOT NULL,
	"warehouse" text,
	"description" text,
	"product_type" text NOT NULL,
	"origin_quantity" numeric(14, 3) NOT NULL,
	"collected_quantity" numeric(14, 3),
	"buying_unit_price" numeric(14, 2) NOT NULL,
	"selling_unit_price" numeric(14, 2) NOT NULL,
	"total_amount" numeric(14, 2),
	"profit_margin" numeric(14, 2),
	"pickup_order_no" text,
	"revenue_account_id" integer,
	"cost_account_id" integer,
	"status" text DEFAULT 'unposted' NOT NULL,
	"posting_date" date,
	"posted_at" timestamp with time zone,
	"posted_by_id" integer,
	"sap_doc_entry" integer,
	"sap_doc_num" integer,
	"last_error" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cash_advances_source_uq" ON "cash_advances" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "cash_advances_to_post_idx" ON "cash_advances" USING btree ("document_date") WHERE "cash_advances"."status" IN ('unposted', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "fuel_advances_source_uq" ON "fuel_advances" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "fuel_advances_to_post_idx" ON "fuel_advances" USING btree ("document_date") WHERE "fuel_advances"."status" IN ('unposted', 'failed');--> statement-breakpoint
CREATE INDEX "posting_attempts_record_idx" ON "posting_attempts" USING btree ("kind","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_invoices_source_uq" ON "sales_invoices" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "sales_invoices_to_post_idx" ON "sales_invoices" USING btree ("document_date") WHERE "sales_invoices"."status" IN ('unposted', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "transporter_invoices_source_uq" ON "transporter_invoices" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "transporter_invoices_fj_to_post_idx" ON "transporter_invoices" USING btree ("document_date") WHERE "transporter_invoices"."fj_status" IN ('unposted', 'failed');--> statement-breakpoint
CREATE INDEX "transporter_invoices_sj_to_post_idx" ON "transporter_invoices" USING btree ("document_date") WHERE "transporter_invoices"."fj_status" = 'posted' AND "transporter_invoices"."sj_status" IN ('unposted', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "vas_transactions_source_uq" ON "vas_transactions" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "vas_transactions_to_post_idx" ON "vas_transactions" USING btree ("document_date") WHERE "vas_transactions"."status" IN ('unposted', 'failed');