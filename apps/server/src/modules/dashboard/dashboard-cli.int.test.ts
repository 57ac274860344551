import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliTarget, runCli, type CliTarget } from '../../test/cli-runner.js';
import { nairobiDay } from '../../test/posting-harness.js';

// Three CLI processes (TypeScript compiled on the fly) and, embedded, a PGlite folder opened between them.
const CLI_TIMEOUT_MS = 120_000;
const env = (target: CliTarget) => ({
  APP_KEY: 'd'.repeat(40),
  APP_TIMEZONE: 'Africa/Nairobi',
  ...target.env,
});

/**
 * The dashboard's running totals from the command line (issue 30): `npm run migrate` (the owner role) installs
 * them; `dashboard:check` recounts the records and names every total that differs; `--repair` counts them afresh.
 */
describe('npm run cli -- dashboard:check', () => {
  let target: CliTarget;
  beforeAll(async () => {
    target = await createCliTarget('dashboard-cli');
  }, CLI_TIMEOUT_MS);
  afterAll(() => target?.drop());

  it(
    'migrate installs the totals; the check finds a total changed behind its back; --repair sets it right',
    async () => {
      // A database without the totals (the test templates carry them): migrate must install them.
      await target.withDatabase(({ db }) => db.execute(sql`DELETE FROM dashboard_counter_state`));
      const migrated = await runCli(env(target), 'migrate');
      expect(migrated.stderr).toBe('');
      expect(migrated.stdout).toContain("The dashboard's running totals were counted afresh.");

      // Rows written after the install move the totals through the triggers; a bogus one is slipped in beside them.
      await target.withDatabase(async (database) => {
        const { db } = database;
        await db.execute(sql`INSERT INTO sales_invoices (source_id, document_date, client_name, customer_code,
            trip_number, amount) VALUES ('CLI-1', now(), 'Bidco Africa Ltd', 'C10001', 'TRP-CLI-1', 120.50)`);
        await db.execute(sql`INSERT INTO dashboard_counts (step, status, day, currency, count, amount)
          VALUES ('cashAdvance', 'unposted', ${nairobiDay()}::date, 'USD', 2, 30)`);
      });
      const broken = await runCli(env(target), 'dashboard:check');
      expect(broken.code).toBe(1);
      expect(broken.stderr.trim().split('\n')).toEqual([
        "The dashboard's running totals differ from a recount in 1 place(s):",
        `  cashAdvance unposted ${nairobiDay()} USD: kept 2 / 30, counted 0 / 0`,
        'Run dashboard:check --repair to count them afresh.',
      ]);

      const repaired = await runCli(env(target), 'dashboard:check', '--repair');
      expect(repaired.code).toBe(0);
      expect(repaired.stdout.trim()).toBe('Counted afresh: they now agree.');
    },
    CLI_TIMEOUT_MS,
  );
});
