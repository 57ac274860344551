ALTER TABLE "cash_advances" ADD COLUMN "branch" integer;--> statement-breakpoint
ALTER TABLE "transporter_invoices" ADD COLUMN "branch" integer;--> statement-breakpoint
ALTER TABLE "fuel_advances" ADD COLUMN "branch" integer;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD COLUMN "branch" integer;--> statement-breakpoint
ALTER TABLE "vas_transactions" ADD COLUMN "branch" integer;