ALTER TABLE "posting_attempts" ADD COLUMN "vat_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "posting_attempts" ADD COLUMN "gross_amount" numeric(14, 2);