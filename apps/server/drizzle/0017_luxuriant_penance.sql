CREATE TABLE "dimension_rules" (
	"dimension" integer PRIMARY KEY NOT NULL,
	"field" text,
	"codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" integer
);
