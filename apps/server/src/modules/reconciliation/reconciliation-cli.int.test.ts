import { postServiceLayerDocument } from '@ff/sap-sim';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedConnectionSetting } from '../../bootstrap/connection-setting.js';
import { seedFoundation } from '../../bootstrap/seed.js';
import { rowsOf } from '../../db/client.js';
import { createCliTarget, runCli, type CliTarget } from '../../test/cli-runner.js';
import { nairobiDay } from '../../test/posting-records.js';
import { startTestSimulator, type RunningSimulator } from '../../test/simulator.js';

const CLI_TIMEOUT_MS = 120_000;
const APP_KEY = 'r'.repeat(40);

/** `npm run cli -- reconcile ...` as an operator runs it, in its own process. */
const reconcileCli = (env: Record<string, string>, ...args: string[]) =>
  runCli({ APP_KEY, APP_TIMEZONE: 'Africa/Nairobi', ...env }, 'reconcile', ...args);

describe('npm run cli -- reconcile', () => {
  let target: CliTarget;
  let sim: RunningSimulator;
  const day = nairobiDay(-2);
  beforeAll(async () => {
    sim = await startTestSimulator();
    target = await createCliTarget('reconcile-cli');
    await target.withDatabase(async ({ db }) => {
      await seedFoundation(db, { email: 'admin@example.com', password: 'Admin-Password-2024!' }, APP_KEY);
      await seedConnectionSetting(db, APP_KEY, sim.credentials);
    });
  }, CLI_TIMEOUT_MS);
  afterAll(async () => {
    await target?.drop();
    await sim?.close();
  });

  it(
    'exits 0 on a clean range, 1 listing each difference, 2 on bad arguments or when SAP cannot be reached',
    async () => {
      const env = { ...target.env, SAP_SL_URL: sim.url };
      const clean = await reconcileCli(env, '--from', day, '--to', day);
      expect(clean.stderr).toBe('');
      expect(clean).toMatchObject({ code: 0 });
      expect(clean.stdout.trim()).toBe(
        `Reconciliation #1 of postings dated ${day} to ${day}: 0 matched, 0 differences.`,
      );

      // A cash advance journal with a key of ours that no record here carries.
      const created = await postServiceLayerDocument(sim.url, 'JournalEntries', {
        ReferenceDate: day,
        Reference3: 'FF-CA-424242',
        JournalEntryLines: [
          { ShortName: 'T20002', Debit: 100, Credit: 0 },
          { AccountCode: '110101', Debit: 0, Credit: 100 },
        ],
      });
      expect(created.status).toBe(201);
      const found = await reconcileCli(env, `--from=${day}`, `--to=${day}`);
      expect(found.code).toBe(1);
      expect(found.stdout.trim().split('\n')).toEqual([
        `Reconciliation #2 of postings dated ${day} to ${day}: 0 matched, 1 difference.`,
        '  not posted here 1',
        `  - #424242 (cash advance record): SAP has DocEntry ${created.body!.JdtNum as number} with key FF-CA-424242, but it is not posted here: there is no such record here.`,
      ]);

      expect(await reconcileCli(env, '--from', day)).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('--to is required.'),
      });
      expect(await reconcileCli(env, '--from', '2026-02-30', '--to', day)).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('--from: This is not a real calendar date.'),
      });

      const away = await reconcileCli(
        { ...target.env, SAP_SL_URL: 'http://127.0.0.1:9/b1s/v1' },
        '--from',
        day,
        '--to',
        day,
      );
      expect(away.code).toBe(2);
      expect(away.stderr).toMatch(/^Reconciliation #3 failed: SAP could not be reached/);

      // Every run is kept, as the screen lists them, started from the command line.
      const runs = await target.withDatabase(async ({ db }) =>
        rowsOf<{ trigger: string; status: string }>(
          await db.execute(sql`SELECT trigger, status FROM reconciliation_runs ORDER BY id`),
        ),
      );
      expect(runs).toEqual([
        { trigger: 'cli', status: 'done' },
        { trigger: 'cli', status: 'done' },
        { trigger: 'cli', status: 'failed' },
      ]);
    },
    CLI_TIMEOUT_MS * 2,
  );
});
