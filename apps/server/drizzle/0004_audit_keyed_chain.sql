-- Decision 010: the audit chain is keyed from its epoch marker on. The marker and every later row are written by
-- the application, which alone holds the key (derived from APP_KEY; it never reaches the database), so this
-- migration changes no data: it documents the columns for whoever inspects the table.
COMMENT ON TABLE "audits" IS 'Append-only, hash-chained audit log (decisions 003 and 010). Check it with npm run audit:verify.';
--> statement-breakpoint
COMMENT ON COLUMN "audits"."hash" IS 'Rows before the row "Audit chain: keyed epoch started (HMAC-SHA-256)": SHA-256; that row and every later one: HMAC-SHA-256 under a key derived from APP_KEY, over the JSON array [id, created_at, event, actor_id, actor_name, ip_address, prev_hash].';
