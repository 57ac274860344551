ALTER TABLE "api_tokens" ADD COLUMN "kinds" text[];--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "created_by_id" integer;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "created_by_name" text;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "last_used_ip" text;