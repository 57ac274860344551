import { getTableName, sql } from 'drizzle-orm';
import { RECORD_KIND_NAMES, REFERENCE_FIELD_LENGTH, RECORD_KINDS_PLAIN } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../../db/client.js';
import { KIND_FIXTURES } from '../../../../test/kind-fixtures.js';
import {
  importRecords,
  recordRows,
  startPostingHarness,
  type PostingHarness,
} from '../../../../test/posting-harness.js';
import { POSTING_STEPS } from '../../../posting/posting-steps.js';
import { postingKeyOf } from './posting-key.js';

/**
 * The database computes every step's key (the generated `posting_key`, migration 0012); `postingKeyOf` is its
 * mirror for tests and tools (decision 018). They must agree for any source id, in every generation, and every
 * key must fit the SAP field it rides in.
 */
let h: PostingHarness;
beforeAll(async () => {
  h = await startPostingHarness();
}, 120_000);
afterAll(() => h?.close());

const SOURCES = ['TMS-1', "O'Brien & Sons/Trip #7", 'Ñairobi–Mombasa 王 🚚', 'x'.repeat(80), ' spaced  out '];

describe('posting keys', () => {
  it('are computed alike by the database and by postingKeyOf for every kind, source id and generation, and fit SAP', async () => {
    for (const name of RECORD_KIND_NAMES) {
      const step = POSTING_STEPS[name];
      const records = KIND_FIXTURES[name].records;
      const sources = SOURCES.map((s) => `${name}:${s}`);
      const requires = (RECORD_KINDS_PLAIN[name] as { requires?: string }).requires;
      // A step that needs another (the second journal) rides on the rows its first step's fixture imports.
      if (!requires)
        await importRecords(
          h,
          records,
          sources.map((sourceId) => recordRows[records]({ sourceId })),
        );
      const table = sql.identifier(getTableName(step.table));
      const generation = sql.identifier(step.columns.generation.name);
      const key = sql.identifier(step.columns.postingKey.name);
      for (const g of [1, 2, 37, 9999]) {
        const rows = rowsOf<{ source: string; key: string }>(
          await h.database.db.execute(sql`
            UPDATE ${table} SET ${generation} = ${g}
             WHERE source_id LIKE ${`${requires ?? name}:%`}
            RETURNING source_id AS source, ${key} AS key`),
        );
        expect(rows.length).toBe(SOURCES.length);
        const field = RECORD_KINDS_PLAIN[name].sap.referenceField;
        for (const row of rows) {
          expect(row.key).toBe(postingKeyOf(name, row.source, g));
          expect(row.key.length).toBeLessThanOrEqual(REFERENCE_FIELD_LENGTH[field]);
        }
      }
    }
  });

  it('differ between records and between generations of one record', () => {
    const keys = new Set<string>();
    for (const name of RECORD_KIND_NAMES)
      for (const source of SOURCES) for (const g of [1, 2, 3]) keys.add(postingKeyOf(name, source, g));
    expect(keys.size).toBe(RECORD_KIND_NAMES.length * SOURCES.length * 3);
  });
});
