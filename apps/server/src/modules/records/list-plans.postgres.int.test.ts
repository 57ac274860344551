import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayRange } from '../../lib/time.js';
import { TIME_ZONE } from '../../test/posting-harness.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { createRecordsRepository, type ListView, type PageRequest } from './records.repository.js';

/**
 * The plans PostgreSQL chooses for the paged lists on a table of 50,000 rows still to post
 * (docs/decisions/013-server-side-lists.md): a search reads the trigram index of the step's search text
 * (the list and the index build the same expression), and a page of the default order reads the to-post
 * index in document-date order rather than sorting the table.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.pool!.query(`
    INSERT INTO sales_invoices (source_id, document_date, client_name, customer_code, cargo_ref, trip_number,
      truck_number, route, amount)
    SELECT 'PLAN-' || g, timestamptz '2024-01-01 00:00+03' + g * interval '9 minutes', 'Client ' || (g % 997),
      'C' || (g % 50), 'CARGO-' || g, 'TRP-' || g, 'KDA ' || (g % 900) || 'B', 'Mombasa - Nairobi',
      (g % 100000)::numeric / 100
    FROM generate_series(1, 50000) AS g`);
  await database.pool!.query('ANALYZE sales_invoices');
}, 120_000);
afterAll(() => database?.drop());

/** The plan of the statement the paged list runs for this view and page. */
async function planOf(view: ListView, { page, perPage }: PageRequest): Promise<string> {
  const records = createRecordsRepository(database.db, TIME_ZONE);
  const range = dayRange({ fromDate: '2024-01-01', toDate: '2024-12-31' }, TIME_ZONE);
  const { sql, params } = records
    .statement('salesInvoice', range, {
      ...view,
      limit: perPage,
      offset: (page - 1) * perPage,
      withTotal: true,
    })
    .toSQL();
  const result = await database.pool!.query<{ 'QUERY PLAN': string }>({
    text: `EXPLAIN (ANALYZE, COSTS OFF) ${sql}`,
    values: params,
  });
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('on PostgreSQL, the paged list', () => {
  it('finds a search in the trigram index of the search text, for the page and its total', async () => {
    const plan = await planOf({ search: 'cargo-4242' }, { page: 1, perPage: 100 });
    // Once for the page's rows, once for the total's count.
    expect(plan.match(/Bitmap Index Scan on sales_invoices_search_idx/g)).toHaveLength(2);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('reads a page of the default order from the to-post index, not the whole table', async () => {
    const plan = await planOf({}, { page: 3, perPage: 100 });
    // The page's rows: the index in order, stopped after the third page (the total counts them all apart).
    const pageRows =
      /Index Scan using sales_invoices_to_post_idx on sales_invoices \(actual [^)]* rows=(\d+)/.exec(plan);
    expect(pageRows, plan).not.toBeNull();
    expect(Number(pageRows![1])).toBeLessThan(1_000);
  });
});
