-- The audit log is append-only: the database itself refuses to change or remove a row.
CREATE SEQUENCE IF NOT EXISTS "audits_id_seq" AS bigint;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audits_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The audit log is append-only: % is not allowed on audits', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audits_no_update_delete BEFORE UPDATE OR DELETE ON "audits"
  FOR EACH ROW EXECUTE FUNCTION audits_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audits_no_truncate BEFORE TRUNCATE ON "audits"
  FOR EACH STATEMENT EXECUTE FUNCTION audits_refuse_change();
