CREATE TABLE "dashboard_counter_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"definition" text NOT NULL,
	"time_zone" text NOT NULL,
	"compacted_through" bigint DEFAULT 0 NOT NULL,
	"keys" integer DEFAULT 0 NOT NULL,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboard_counter_state_one_row" CHECK ("dashboard_counter_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "dashboard_counts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dashboard_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"step" text NOT NULL,
	"status" text NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"count" bigint NOT NULL,
	"amount" numeric NOT NULL
);
