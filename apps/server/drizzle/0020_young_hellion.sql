CREATE TABLE "posting_defaults" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"vat_group" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" integer,
	CONSTRAINT "posting_defaults_one_row" CHECK ("posting_defaults"."id" = 1)
);
