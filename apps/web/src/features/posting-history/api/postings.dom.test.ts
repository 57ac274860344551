import { afterEach, describe, expect, it } from 'vitest';
import type { PostingRow } from '@ff/contract';
import { fakeApi } from '@/test/fake-api';
import { EXPORT_CAP, getAllPostings } from './postings';

const posting = (id: number) => ({ id, kind: 'journalCashAdvance', recordId: id }) as PostingRow;

let restore = () => {};
afterEach(() => restore());

describe("the Posting History's export rows", () => {
  it('reads every page of the filters and search, 500 at a time, in order', async () => {
    const all = Array.from({ length: 1_203 }, (_, i) => posting(1_203 - i));
    const api = fakeApi(({ params }) => {
      const [page, perPage] = [Number(params.page), Number(params.perPage)];
      const data = all.slice((page - 1) * perPage, page * perPage);
      return [200, { data, meta: { total: all.length, page, perPage } }];
    });
    restore = api.restore;
    const rows = await getAllPostings({ kind: 'journalCashAdvance', status: 'failed' }, 'TRP-1');
    expect(rows.map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(api.calls.map((c) => c.params)).toEqual(
      [1, 2, 3].map((page) => ({
        kind: 'journalCashAdvance',
        status: 'failed',
        search: 'TRP-1',
        page: String(page),
        perPage: '500',
      })),
    );
  });

  it('refuses more than the cap at the first page, asking for narrower dates', async () => {
    const api = fakeApi(() => [
      200,
      { data: [posting(1)], meta: { total: EXPORT_CAP + 1, page: 1, perPage: 500 } },
    ]);
    restore = api.restore;
    await expect(getAllPostings({})).rejects.toThrow(
      '50,001 postings match; an export takes at most 50,000. Narrow the dates or filters.',
    );
    expect(api.calls).toHaveLength(1);
  });
});
