import { getTableName } from 'drizzle-orm';
import pg from 'pg';
import { RECORD_KIND_NAMES, RECORD_KINDS_PLAIN } from '@ff/contract';
import { POSTING_STEPS, amountColumn } from '../../apps/server/src/modules/posting/posting-steps.js';
import { PETTY_CASH } from '../../apps/server/src/modules/records/kinds/shared/ledgers.js';
import { VAS_COST, VAS_REVENUE } from '../../apps/server/src/modules/records/kinds/vas-transaction/rules.js';
import { postingKeyOf } from '../../apps/server/src/modules/records/kinds/shared/posting-key.js';
import { log } from './common.js';
import { ADMIN } from './database.js';
import { historyStatements, SCENARIO_SHARES, type StepSpec } from './history-sql.js';

/**
 * bench:history's data: a posting history written straight into the tables the way the posting engine leaves
 * them, over demo records already imported (bench/lib/database.ts `seedDemoRecords`). Everything runs inside
 * the database (`INSERT ... SELECT` over the record tables, statements in bench/lib/history-sql.ts), so
 * 100,000 attempts take seconds.
 *
 * Per record step (sales invoice, first and second journal, cash, fuel, VAS), a deterministic hash of its code
 * and id decides whether it was posted (97% of records older than 3 days, 40% of newer ones; a second journal
 * only after its first journal is posted, 1-3 days later) and how it went (history-sql.ts `SCENARIO_SHARES`): posted at the
 * first attempt; failed and left failed; failed, then posted by a second attempt; SAP's reply lost and the
 * document found by its key; reversed and posted again (generation 2); reversed and left unposted; VAS queued
 * (claimed in the last 3 hours, not yet sent). The first claim falls 0-3 days after the document date at
 * 08:00-17:59 in the application's time zone (never later than a few minutes ago); the posting date is the
 * claim's day. Attempt ids rise with the claim time, SAP's DocEntry/DocNum with the attempt id per SAP series.
 * Every attempt is the admin's (one user signs in on this bench).
 */

/** Expected attempts per record of each kind (all six steps), from the shares above; sizes the demo import. */
export const ATTEMPTS_PER_TRIP = 5.35;

/** What the generator wrote. */
export type HistoryData = {
  attempts: number;
  postings: number;
  reversals: number;
  byScenario: Record<string, number>;
  byKind: Record<string, number>;
  /** Per mille of the touched record steps, by how their posting went (the rest posted at once). */
  shares: typeof SCENARIO_SHARES;
  seconds: number;
};

/** Each posting step's table, state columns and key shape, from the server's own step registry. */
export function stepSpecs(): StepSpec[] {
  return RECORD_KIND_NAMES.map((name) => {
    const step = POSTING_STEPS[name];
    const entry = RECORD_KINDS_PLAIN[name];
    const c = step.columns;
    const requires = 'requires' in entry ? (entry.requires as keyof typeof POSTING_STEPS) : undefined;
    return {
      name,
      noun: entry.noun.one,
      code: step.kind,
      table: getTableName(step.table),
      columns: {
        status: c.status.name,
        postingDate: c.postingDate.name,
        postedAt: c.postedAt.name,
        postedById: c.postedById.name,
        sapDocEntry: c.sapDocEntry.name,
        sapDocNum: c.sapDocNum.name,
        lastError: c.lastError.name,
        generation: c.generation.name,
      },
      amount: amountColumn(step).name,
      party: name === 'salesInvoice' ? 'customer_code' : 'transporter_code',
      keyPrefix: entry.keyPrefix,
      compactKey: entry.sap.referenceField === 'Reference2',
      after: requires ? POSTING_STEPS[requires].kind : undefined,
    };
  });
}

/** Writes the history; answers its counts. `today` is the demo's reference day in `timeZone`. */
export async function writeHistory(url: string, today: string, timeZone: string): Promise<HistoryData> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const existing = await client.query<{ n: string }>('SELECT count(*) AS n FROM posting_attempts');
    if (Number(existing.rows[0]!.n) !== 0)
      throw new Error('posting_attempts is not empty before the history');
    const one = async (text: string) => {
      const rows = (await client.query<{ id: number }>(text)).rows;
      if (!rows[0]) throw new Error(`Nothing found by: ${text}`);
      return rows[0].id;
    };
    const ids = {
      admin: await one(`SELECT id FROM users WHERE lower(email) = lower('${ADMIN.email}')`),
      pettyCash: await one(
        `SELECT id FROM ledger_accounts WHERE account_type = '${PETTY_CASH}' AND is_active ORDER BY id LIMIT 1`,
      ),
      vasRevenue: await one(
        `SELECT id FROM ledger_accounts WHERE account_type = '${VAS_REVENUE}' ORDER BY id LIMIT 1`,
      ),
    };
    const vasCost = await one(
      `SELECT c.id FROM ledger_accounts c JOIN ledger_accounts r ON r.id = ${ids.vasRevenue} AND r.category = c.category
        WHERE c.account_type = '${VAS_COST}' ORDER BY c.id LIMIT 1`,
    );
    const steps = stepSpecs();
    const statements = historyStatements(steps, { ...ids, vasCost }, { timeZone, today });
    for (const { label, text, values } of statements) {
      const t0 = Date.now();
      const result = await client.query(text, values);
      log(`History: ${label} (${result.rowCount ?? 0} rows, ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    }
    await verifyKeys(client);
    const count = async (text: string) =>
      Object.fromEntries(
        (await client.query<{ k: string; n: string }>(text)).rows.map((r) => [r.k, Number(r.n)]),
      );
    const byScenario = await count('SELECT scenario AS k, count(*) AS n FROM hp GROUP BY 1 ORDER BY 1');
    const byKind = await count('SELECT kind AS k, count(*) AS n FROM posting_attempts GROUP BY 1 ORDER BY 1');
    const totals = await count(`SELECT 'attempts' AS k, count(*) AS n FROM posting_attempts
      UNION ALL SELECT 'postings', count(*) FROM (SELECT DISTINCT kind, record_id, generation FROM posting_attempts) d
      UNION ALL SELECT 'reversals', count(*) FROM posting_reversals`);
    const data: HistoryData = {
      attempts: totals.attempts ?? 0,
      postings: totals.postings ?? 0,
      reversals: totals.reversals ?? 0,
      byScenario,
      byKind,
      shares: SCENARIO_SHARES,
      seconds: Number(((Date.now() - started) / 1000).toFixed(1)),
    };
    log(
      `History: ${data.attempts} attempts, ${data.postings} postings, ${data.reversals} reversals in ${data.seconds} s; ${JSON.stringify(byScenario)}`,
    );
    return data;
  } finally {
    await client.end();
  }
}

/** Every attempt's key is the one the engine would write: from its record's source id and generation (posting-key.ts). */
async function verifyKeys(client: pg.Client) {
  const wrong: unknown[] = [];
  for (const name of RECORD_KIND_NAMES) {
    const { code } = RECORD_KINDS_PLAIN[name];
    const table = getTableName(POSTING_STEPS[name].table);
    const rows = (
      await client.query<{ source: string; generation: number; key: string }>(
        `SELECT t.source_id AS source, pa.generation, pa.idempotency_key AS key
           FROM posting_attempts pa JOIN ${table} t ON t.id = pa.record_id WHERE pa.kind = $1`,
        [code],
      )
    ).rows;
    wrong.push(...rows.filter((r) => postingKeyOf(name, r.source, r.generation) !== r.key));
  }
  if (wrong.length)
    throw new Error(
      `${wrong.length} attempts carry a key the engine would not write, e.g. ${JSON.stringify(wrong[0])}`,
    );
}
