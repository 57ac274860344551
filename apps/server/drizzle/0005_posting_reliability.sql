-- The sweeper looks an `unknown` attempt's key up in SAP on every pass until a look-up answers; rechecked_at marks
-- the ones a look-up after the settle delay found absent, so they are not looked up again.
ALTER TABLE "posting_attempts" ADD COLUMN "rechecked_at" timestamp with time zone;
