ALTER TABLE "posting_defaults" ADD COLUMN "confirm_above_rows" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "posting_defaults" ADD COLUMN "confirm_above_amount" numeric(14, 2);