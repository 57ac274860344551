-- Sign-in throttling counted before the password is checked: one row per (scope, key) holding the times of
-- the evaluations still inside the scope's window. A single INSERT ... ON CONFLICT DO UPDATE admits or refuses
-- an attempt atomically, so parallel requests (and several API processes) cannot overrun the limit.
CREATE TABLE "login_throttle" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"hits" timestamp with time zone[] NOT NULL,
	"admitted" boolean NOT NULL,
	"locked_until" timestamp with time zone,
	"lockout_began" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_throttle_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE INDEX "login_throttle_updated_idx" ON "login_throttle" USING btree ("updated_at");
--> statement-breakpoint
-- The per-failure log the throttle used before; nothing reads it any more.
DROP TABLE IF EXISTS "login_failures";
--> statement-breakpoint
-- Anonymous events (failed sign-ins, reset requests) counted per (kind, e-mail, address, 15-minute window):
-- the first of a window is audited at once, the window's total is audited when the window has closed.
CREATE TABLE "auth_event_tallies" (
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"ip_address" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"user_id" integer,
	"count" integer NOT NULL,
	CONSTRAINT "auth_event_tallies_pk" PRIMARY KEY("kind","email","ip_address","window_start")
);
--> statement-breakpoint
CREATE INDEX "auth_event_tallies_window_idx" ON "auth_event_tallies" USING btree ("window_start");
--> statement-breakpoint
-- Mail waiting to be sent by the mail job; the body (it may hold a password link) is sealed with a key
-- derived from APP_KEY. A row is deleted once the mail has left (the outbox records that).
CREATE TABLE "mail_queue" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body_sealed" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
