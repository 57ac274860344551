import { RECORD_KINDS_PLAIN, type RecordKindName } from '@ff/contract';
import { KIND_FIXTURES, postBodyOf } from '../../../test/kind-fixtures.js';
import { importRecords, recordRows, type PostingHarness } from '../../../test/posting-harness.js';
import type { TestClient } from '../../../test/test-client.js';

/**
 * Rows for the list suites (paging, sort, search, streaming): each test keeps to its own calendar year, so
 * the rows the other tests of a file import never enter its answers.
 */

type Overrides = Record<string, string | number | null>;

/** The query of a year's rows, with more parameters: `?fromDate=2011-01-01&toDate=2011-12-31&page=2`. */
export function yearQuery(year: number, more: Record<string, string | number> = {}): string {
  const params = new URLSearchParams({ fromDate: `${year}-01-01`, toDate: `${year}-12-31` });
  for (const [name, value] of Object.entries(more)) params.set(name, String(value));
  return `?${params.toString()}`;
}

/**
 * Imports rows of `kind` dated in `year` (row i on January i+1 at 08:00 unless its overrides say otherwise)
 * and answers their ids in order; for a kind that needs another step first (the second journal), that step
 * is posted, so every row is listed.
 */
export async function rowsInYear(
  h: PostingHarness,
  admin: TestClient,
  kind: RecordKindName,
  year: number,
  overrides: Overrides[],
): Promise<number[]> {
  const records = KIND_FIXTURES[kind].records;
  const rows = overrides.map((o, i) =>
    recordRows[records]({
      documentDate: `${year}-01-${String((i % 28) + 1).padStart(2, '0')}T08:00:00`,
      ...o,
    }),
  );
  const ids = await importRecords(h, records, rows);
  const entry = RECORD_KINDS_PLAIN[kind];
  if ('requires' in entry) {
    const posted = await admin.post(
      RECORD_KINDS_PLAIN[entry.requires].apiPath,
      await postBodyOf(h, entry.requires, ids),
    );
    if (posted.status !== 200) throw new Error(`The ${entry.requires} step was not posted: ${posted.text}`);
  }
  return ids;
}
