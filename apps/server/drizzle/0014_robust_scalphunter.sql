ALTER TABLE "cash_advances" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "transporter_invoices" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "fuel_advances" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "vas_transactions" ADD COLUMN "currency" text;