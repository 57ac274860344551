-- The posting history's search (modules/posting-history) matches `trip_number ILIKE` on every row of each kind's
-- table and `idempotency_key ILIKE` on every attempt: trigram GIN indexes on both (the lists' search indexes of
-- 0006 hold only the rows still to post). On PostgreSQL only, as 0006's: embedded PGlite (db/client.ts sets
-- ff.embedded) has no pg_trgm and its search scans, as the lists' do.
DO $$ BEGIN IF coalesce(current_setting('ff.embedded', true), '') <> 'on' THEN CREATE INDEX "posting_attempts_key_search_idx" ON "posting_attempts" USING gin ("idempotency_key" gin_trgm_ops); END IF; END $$;--> statement-breakpoint
DO $$ BEGIN IF coalesce(current_setting('ff.embedded', true), '') <> 'on' THEN CREATE INDEX "cash_advances_trip_search_idx" ON "cash_advances" USING gin ("trip_number" gin_trgm_ops); END IF; END $$;--> statement-breakpoint
DO $$ BEGIN IF coalesce(current_setting('ff.embedded', true), '') <> 'on' THEN CREATE INDEX "transporter_invoices_trip_search_idx" ON "transporter_invoices" USING gin ("trip_number" gin_trgm_ops); END IF; END $$;--> statement-breakpoint
DO $$ BEGIN IF coalesce(current_setting('ff.embedded', true), '') <> 'on' THEN CREATE INDEX "fuel_advances_trip_search_idx" ON "fuel_advances" USING gin ("trip_number" gin_trgm_ops); END IF; END $$;--> statement-breakpoint
DO $$ BEGIN IF coalesce(current_setting('ff.embedded', true), '') <> 'on' THEN CREATE INDEX "sales_invoices_trip_search_idx" ON "sales_invoices" USING gin ("trip_number" gin_trgm_ops); END IF; END $$;--> statement-breakpoint
DO $$ BEGIN IF coalesce(current_setting('ff.embedded', true), '') <> 'on' THEN CREATE INDEX "vas_transactions_trip_search_idx" ON "vas_transactions" USING gin ("trip_number" gin_trgm_ops); END IF; END $$;
