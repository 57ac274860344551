import { createHash } from 'node:crypto';
import { getTableName, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { RECORD_KIND_NAMES, RECORD_KINDS_PLAIN, type RecordKindName } from '@ff/contract';
import { ADVISORY_LOCKS } from '../../db/advisory-locks.js';
import { rowsOf, type Db } from '../../db/client.js';
import { POSTING_STEPS } from '../posting/posting-steps.js';
import { SERVER_KINDS } from '../records/kinds/index.js';
import { checkCounters } from './dashboard-counters-check.js';

/**
 * The dashboard's running totals (issue 30, docs/decisions/026-dashboard-counters.md), kept by the database itself:
 * each record table has statement triggers, generated here from the kinds' registry, that append to
 * `dashboard_counts` what the statement changed, per (step, status, day, currency). Whatever writes a record (the
 * import, a post, the sweeper, a reversal, an operator's SQL) moves the totals in the same transaction, so they
 * are never stale by more than the transaction. Rows are appended, never updated, so concurrent writers do not
 * wait on one shared row; `compact` folds them now and then.
 *
 * What one record adds, per step of its table (the transporter invoice's row has two):
 * - while a list shows it (status unposted, failed or queued, and the step it requires posted): 1 and what it
 *   stands for (the kind's `awaitingAmount`, else its amount) on its document day;
 * - once posted: 1 and its amount on the day it was posted.
 * Days are calendar days in APP_TIMEZONE, so the dashboard's aging buckets and posted days are sums of whole days.
 */

/** The statuses counted by document day: what the step's list shows. */
export const COUNTED_OPEN = ['unposted', 'failed', 'queued'] as const;
const OPEN_SQL = `IN (${COUNTED_OPEN.map((s) => `'${s}'`).join(', ')})`;
/** Taken by the install (processes starting together install once) and by the compaction (one at a time). */
const INSTALL_LOCK = ADVISORY_LOCKS.dashboardCountersInstall;
const COMPACT_LOCK = ADVISORY_LOCKS.dashboardCountersCompact;
/** Bumped when the shape of what the triggers write changes without the generated SQL changing. */
const FORMAT = 1;

const dialect = new PgDialect();
/** A drizzle SQL fragment as plain text (the triggers' bodies hold no parameters). */
function text(fragment: SQL): string {
  const query = dialect.sqlToQuery(fragment);
  if (query.params.length) throw new Error(`A dashboard counter expression has parameters: ${query.sql}`);
  return query.sql;
}
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

type TableSteps = { table: PgTable; name: string; steps: RecordKindName[] };

/** The record tables and the steps each holds, in registry order. */
function tablesOfSteps(): TableSteps[] {
  const tables = new Map<string, TableSteps>();
  for (const step of RECORD_KIND_NAMES) {
    const { table } = POSTING_STEPS[step];
    const name = getTableName(table);
    const entry: TableSteps = tables.get(name) ?? { table, name, steps: [] };
    entry.steps.push(step);
    tables.set(name, entry);
  }
  return [...tables.values()];
}

/**
 * What `relation` (a table or a trigger's transition table, named like the table so the columns resolve) adds to
 * the totals of `step`, times `sign`, as one SELECT of (step, status, day, currency, n, amount).
 */
function contribution(step: RecordKindName, relation: string, tableName: string, sign: 1 | -1, zone: string) {
  const { table, columns, requiresPosted } = POSTING_STEPS[step];
  const amount = (table as unknown as Record<string, PgColumn>)[RECORD_KINDS_PLAIN[step].amountField]!;
  const kind = SERVER_KINDS[step];
  const awaiting = 'awaitingAmount' in kind && kind.awaitingAmount ? kind.awaitingAmount : sql`${amount}`;
  const documentDate = (table as unknown as { documentDate: PgColumn }).documentDate;
  const currency = (table as unknown as { currency: PgColumn }).currency;
  const status = text(sql`${columns.status}`);
  const postedAt = text(sql`${columns.postedAt}`);
  const requires = requiresPosted ? ` AND ${text(sql`${requiresPosted}`)} = 'posted'` : '';
  const posted = `${status} = 'posted'`;
  const signed = sign === 1 ? '' : '-';
  return `SELECT ${literal(step)} AS step, ${status} AS status,
      ((CASE WHEN ${posted} THEN ${postedAt} ELSE ${text(sql`${documentDate}`)} END) AT TIME ZONE ${literal(zone)})::date AS day,
      coalesce(${text(sql`${currency}`)}, '') AS currency, ${signed}1 AS n,
      ${signed}coalesce(CASE WHEN ${posted} THEN ${text(sql`${amount}`)} ELSE ${text(awaiting)} END, 0) AS amount
    FROM ${relation} AS "${tableName}"
    WHERE (${status} ${OPEN_SQL}${requires}) OR (${posted} AND ${postedAt} IS NOT NULL)`;
}

/** An INSERT of the netted rows of `parts` into dashboard_counts (one per key, none that nets to nothing). */
const appendNetted = (
  parts: string[],
) => `INSERT INTO dashboard_counts (step, status, day, currency, count, amount)
  SELECT step, status, day, currency, sum(n) AS count, sum(amount) AS amount FROM (
    ${parts.join('\n    UNION ALL\n    ')}
  ) d GROUP BY step, status, day, currency HAVING sum(n) <> 0 OR sum(amount) <> 0`;

const functionName = (table: string, event: string) => `ff_dashboard_counts_${table}_${event}`;
const TRIGGER_EVENTS = ['insert', 'update', 'delete', 'truncate'] as const;

/** The DDL installing one table's triggers (functions first), and the INSERT counting its rows afresh. */
function tableDefinition({ name, steps }: TableSteps, zone: string) {
  const of = (relation: string, sign: 1 | -1) =>
    steps.map((step) => contribution(step, relation, name, sign, zone));
  const bodies: Record<(typeof TRIGGER_EVENTS)[number], string> = {
    insert: appendNetted(of('new_rows', 1)),
    update: appendNetted([...of('new_rows', 1), ...of('old_rows', -1)]),
    delete: appendNetted(of('old_rows', -1)),
    truncate: `DELETE FROM dashboard_counts WHERE step IN (${steps.map(literal).join(', ')})`,
  };
  const referencing = {
    insert: 'NEW TABLE AS new_rows',
    update: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
    delete: 'OLD TABLE AS old_rows',
    truncate: '',
  };
  const ddl = TRIGGER_EVENTS.flatMap((event) => [
    `CREATE OR REPLACE FUNCTION ${functionName(name, event)}() RETURNS trigger LANGUAGE plpgsql AS $ff$
BEGIN
  ${bodies[event]};
  RETURN NULL;
END $ff$`,
    `DROP TRIGGER IF EXISTS ff_dashboard_counts_${event} ON "${name}"`,
    `CREATE TRIGGER ff_dashboard_counts_${event} AFTER ${event.toUpperCase()} ON "${name}"${
      referencing[event] ? ` REFERENCING ${referencing[event]}` : ''
    } FOR EACH STATEMENT EXECUTE FUNCTION ${functionName(name, event)}()`,
  ]);
  return { ddl, recount: appendNetted(of(`"${name}"`, 1)) };
}

export type CounterDefinition = {
  /** A hash of everything below and the time zone: which totals a process may read as its own. */
  hash: string;
  timeZone: string;
  tables: string[];
  ddl: string[];
  recount: string[];
};

/** The triggers and recount statements for the registry's kinds with days in `timeZone`. */
export function counterDefinition(timeZone: string): CounterDefinition {
  const tables = tablesOfSteps();
  const parts = tables.map((t) => tableDefinition(t, timeZone));
  const ddl = parts.flatMap((p) => p.ddl);
  const recount = parts.map((p) => p.recount);
  const hash = createHash('sha256')
    .update(JSON.stringify({ FORMAT, timeZone, ddl, recount }))
    .digest('hex')
    .slice(0, 32);
  return { hash, timeZone, tables: tables.map((t) => t.name), ddl, recount };
}

export type CounterInstall = 'current' | 'installed';

/**
 * Makes the database's totals this definition's: nothing when they already are (no DDL, so a role without DDL
 * rights starts), else in one transaction: the record tables locked against writes (reads go on), the triggers
 * replaced, the totals counted afresh from the records, the state recorded. Under an advisory lock, so processes
 * starting together install once.
 */
export async function installCounters(
  db: Db,
  definition: CounterDefinition,
  /** Count afresh even when the totals are this definition's (the check's repair). */
  force = false,
): Promise<CounterInstall> {
  const current = async (tx: Db) =>
    rowsOf<{ ok: boolean }>(
      await tx.execute(
        sql`SELECT definition = ${definition.hash} AS ok FROM dashboard_counter_state WHERE id = 1`,
      ),
    )[0]?.ok === true;
  if (!force && (await current(db))) return 'current';
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${INSTALL_LOCK})`);
    if (!force && (await current(tx as unknown as Db))) return 'current';
    await tx.execute(
      sql.raw(`LOCK TABLE ${definition.tables.map((t) => `"${t}"`).join(', ')} IN SHARE ROW EXCLUSIVE MODE`),
    );
    for (const statement of definition.ddl) await tx.execute(sql.raw(statement));
    await tx.execute(sql`DELETE FROM dashboard_counts`);
    for (const statement of definition.recount) await tx.execute(sql.raw(statement));
    await tx.execute(sql`INSERT INTO dashboard_counter_state (id, definition, time_zone, compacted_through, keys)
      SELECT 1, ${definition.hash}, ${definition.timeZone}, coalesce(max(id), 0), count(*) FROM dashboard_counts
      ON CONFLICT (id) DO UPDATE SET definition = excluded.definition, time_zone = excluded.time_zone,
        compacted_through = excluded.compacted_through, keys = excluded.keys, installed_at = now()`);
    return 'installed';
  });
}

/**
 * Folds the totals into one row per key when more than `minimum` (and more than the keys last left) rows were
 * appended since the last time, or whenever `minimum` is 'now'; answers whether it did. One statement deletes the rows it sees and inserts their
 * sums, so a reader sees either all of them or the sums, and rows committed meanwhile are left for next time.
 * A second process compacting at once skips (a try-lock).
 */
export async function compactCounters(db: Db, minimum: number | 'now' = 1_000): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ got: boolean }>(
      await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${COMPACT_LOCK}) AS got`),
    );
    if (!lock?.got) return false;
    const [state] = rowsOf<{ fresh: string | null; keys: number }>(
      await tx.execute(sql`SELECT (SELECT max(id) FROM dashboard_counts) - compacted_through AS fresh, keys
        FROM dashboard_counter_state WHERE id = 1`),
    );
    if (!state) return false;
    if (minimum !== 'now' && Number(state.fresh ?? 0) <= Math.max(minimum, state.keys)) return false;
    await tx.execute(sql`WITH gone AS (DELETE FROM dashboard_counts RETURNING step, status, day, currency, count, amount)
      INSERT INTO dashboard_counts (step, status, day, currency, count, amount)
      SELECT step, status, day, currency, sum(count), sum(amount) FROM gone
      GROUP BY step, status, day, currency HAVING sum(count) <> 0 OR sum(amount) <> 0`);
    await tx.execute(sql`UPDATE dashboard_counter_state SET compacted_through = coalesce(c.through, 0), keys = c.keys
      FROM (SELECT max(id) AS through, count(*) AS keys FROM dashboard_counts) c WHERE id = 1`);
    return true;
  });
}

/** The running totals of one process: its definition, and installing, compacting and checking them. */
export function dashboardCounters(db: Db, timeZone: string) {
  const definition = counterDefinition(timeZone);
  return {
    definition,
    install: (force = false) => installCounters(db, definition, force),
    /**
     * `install` at start-up: a role that may not change the schema (42501) gets a warning, and the dashboard counts
     * the records until the owner runs `npm run migrate`, which installs them.
     */
    async prepare(warn: (message: string) => void): Promise<CounterInstall | 'refused'> {
      try {
        return await installCounters(db, definition);
      } catch (error) {
        const code =
          (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
        if (code !== '42501') throw error;
        warn(
          'The dashboard counts the records on every load: this DATABASE_URL role may not install its running totals. Run `npm run migrate` with the owner role.',
        );
        return 'refused';
      }
    },
    compact: (minimum?: number | 'now') => compactCounters(db, minimum),
    check: () => checkCounters(db, definition.recount),
  };
}

export type DashboardCounters = ReturnType<typeof dashboardCounters>;
