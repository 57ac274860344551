-- Restore-safe posting keys (issue 28, decision 018): each step's key is computed from the kind, the trip system's
-- source id and the generation, never the serial id. ff_key_hash is keyHash of
-- src/modules/records/kinds/shared/posting-key.ts in SQL; the generated columns call it.
CREATE OR REPLACE FUNCTION ff_key_hash(input text, length integer) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT upper(translate(left(encode(sha256(convert_to(input, 'UTF8')), 'base64'), length), '+/', '89')) $$;--> statement-breakpoint
ALTER TABLE "cash_advances" ADD COLUMN "posting_key" text GENERATED ALWAYS AS ('FF-CA-K' || ff_key_hash('CA' || chr(31) || "source_id", 13) || CASE WHEN "generation" > 1 THEN '-R' || CAST("generation" AS text) ELSE '' END) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "transporter_invoices" ADD COLUMN "fj_posting_key" text GENERATED ALWAYS AS ('FF-FJ-K' || ff_key_hash('FJ' || chr(31) || "source_id", 13) || CASE WHEN "fj_generation" > 1 THEN '-R' || CAST("fj_generation" AS text) ELSE '' END) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "transporter_invoices" ADD COLUMN "sj_posting_key" text GENERATED ALWAYS AS ('FF-SJ-K' || ff_key_hash('SJ' || chr(31) || "source_id", 13) || CASE WHEN "sj_generation" > 1 THEN '-R' || CAST("sj_generation" AS text) ELSE '' END) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "fuel_advances" ADD COLUMN "posting_key" text GENERATED ALWAYS AS ('FF-FA-K' || ff_key_hash('FA' || chr(31) || "source_id", 13) || CASE WHEN "generation" > 1 THEN '-R' || CAST("generation" AS text) ELSE '' END) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD COLUMN "posting_key" text GENERATED ALWAYS AS ('FS' || ff_key_hash('SI' || chr(31) || "source_id" || chr(31) || CAST("generation" AS text), 9)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "vas_transactions" ADD COLUMN "posting_key" text GENERATED ALWAYS AS ('FF-VAS-K' || ff_key_hash('VAS' || chr(31) || "source_id", 13) || CASE WHEN "generation" > 1 THEN '-R' || CAST("generation" AS text) ELSE '' END) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "cash_advances_posting_key_idx" ON "cash_advances" USING btree ("posting_key");--> statement-breakpoint
CREATE INDEX "transporter_invoices_fj_posting_key_idx" ON "transporter_invoices" USING btree ("fj_posting_key");--> statement-breakpoint
CREATE INDEX "transporter_invoices_sj_posting_key_idx" ON "transporter_invoices" USING btree ("sj_posting_key");--> statement-breakpoint
CREATE INDEX "fuel_advances_posting_key_idx" ON "fuel_advances" USING btree ("posting_key");--> statement-breakpoint
CREATE INDEX "sales_invoices_posting_key_idx" ON "sales_invoices" USING btree ("posting_key");--> statement-breakpoint
CREATE INDEX "vas_transactions_posting_key_idx" ON "vas_transactions" USING btree ("posting_key");