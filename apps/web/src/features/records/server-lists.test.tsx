import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SalesInvoiceRow } from '@ff/contract';
import { RECORD_KINDS_PLAIN } from '@ff/contract/plain';
import { PostingListPage } from '@/features/records/posting/posting-list-page';
import { pagedAnswer } from '@/features/records/posting/testing/paged-answer';
import { NOT_THE_LIST } from '@/features/records/posting/testing/list-calls';
import { fakeApi, type FakeCall } from '@/test/fake-api';
import { renderPostingPage } from '@/test/render-page';
import salesInvoice from './kinds/sales-invoice';

/**
 * The posting screens on the server-paged list (issue 13), on Sales Invoices against a fake server that
 * pages, sorts and searches like the real one and drops the rows it posts.
 */
const SalesInvoicesPage = () => <PostingListPage kinds={[salesInvoice]} />;
const SEARCH_FIELDS = RECORD_KINDS_PLAIN.salesInvoice.searchFields;

const invoice = (id: number): SalesInvoiceRow => ({
  id,
  clientName: `Client ${id}`,
  cargoRef: null,
  clientRef: null,
  tripNumber: `TRP-${id}`,
  containerNumber: null,
  containerSize: null,
  containerWeight: null,
  truckNumber: null,
  route: null,
  documentDate: '2025-03-05 14:07:00',
  postingDate: null,
  currency: null,
  vatGroup: null,
  amount: `${(id * 7919) % 100_000}.00`,
  status: 'unposted',
  lastError: null,
});

type PostBody = { postSap: { saleInvoice: number; postingDate: string }[] };

/** A server of `count` invoices; `refuse` names ids SAP refuses (the rest of their request posts). */
function fakeServer(count: number, refuse: number[] = []) {
  const listed = new Map(Array.from({ length: count }, (_, i) => [i + 1, invoice(i + 1)]));
  const api = fakeApi(({ method, params, body }) => {
    if (method === 'get') return pagedAnswer([...listed.values()], params, SEARCH_FIELDS);
    const ids = (body as PostBody).postSap.map((entry) => entry.saleInvoice);
    const failed = ids.filter((id) => refuse.includes(id));
    const posted = ids.filter((id) => !refuse.includes(id));
    for (const id of posted) listed.delete(id);
    for (const id of failed) listed.set(id, { ...invoice(id), status: 'failed', lastError: 'SAP: refused' });
    const answer = {
      message: failed.map((id) => `TRP-${id} (sales invoice): SAP refused the customer.`).join(' ') || 'ok',
      posted: posted.map((id) => ({ id, sapDocEntry: id, sapDocNum: id })),
      // As the server names a refused row: its trip and kind, then SAP's reason.
      failed: failed.map((id) => ({ id, message: `TRP-${id} (sales invoice): SAP refused the customer.` })),
    };
    return [failed.length ? 422 : 200, answer];
  });
  restore = api.restore;
  return api;
}

let restore = () => {};
afterEach(() => restore());

// The list's own requests (testing/list-calls.ts names the others).
const gets = (calls: FakeCall[]) =>
  calls.filter((c) => c.method === 'get' && !NOT_THE_LIST.has(c.url)).map((c) => c.params);
/** The exact total of invoices 1..count, as the dialog writes it ('12,345.00'). */
const totalOf = (count: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(
    Array.from({ length: count }, (_, i) => ((i + 1) * 7919) % 100_000).reduce((a, b) => a + b, 0),
  );
/** The confirmation dialog of a large post: its question, then Post; nothing was sent before. */
async function confirmPost(calls: FakeCall[], question: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Post to SAP' });
  expect(within(dialog).getByText(question)).toBeTruthy();
  expect(posts(calls)).toEqual([]);
  await click(within(dialog).getByRole('button', { name: 'Post' }));
}
const posts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'post').map((c) => c.body as PostBody);
const rowBox = (id: number) =>
  screen.getByRole('checkbox', { name: `Select trip TRP-${id}` }) as HTMLInputElement;
const pageButton = (name: string) => screen.getByRole('button', { name });
const click = (element: HTMLElement) => act(async () => void fireEvent.click(element));
// Generous: the CI runs this beside the server suites on 2 cores, where one render of 100 rows has taken over 10 s.
const shows = (text: string) => screen.findByText(text, {}, { timeout: 30_000 });

describe('posting lists paged by the server', { timeout: 180_000 }, () => {
  it('asks for pages of 100, sorts by a header and searches after a pause, back on the first page', async () => {
    const api = fakeServer(250);
    renderPostingPage(<SalesInvoicesPage />);
    expect(await shows('Showing 100 of 250 records')).toBeTruthy();
    expect(gets(api.calls)).toEqual([{ page: '1', perPage: '100' }]);

    await click(pageButton('3'));
    expect(await shows('Showing 50 of 250 records')).toBeTruthy();
    expect(screen.getByText('TRP-201')).toBeTruthy();
    expect(gets(api.calls).at(-1)).toEqual({ page: '3', perPage: '100' });

    const amount = screen.getByRole('columnheader', { name: /^Amount/ });
    await click(within(amount).getByRole('button'));
    await click(within(amount).getByRole('button'));
    await waitFor(() =>
      expect(gets(api.calls).at(-1)).toEqual({ page: '1', perPage: '100', sort: 'amount:desc' }),
    );
    expect(amount.getAttribute('aria-sort')).toBe('descending');
    expect(await shows('Showing 100 of 250 records')).toBeTruthy();

    const box = screen.getByRole('textbox', { name: 'Search records' });
    await act(async () => void fireEvent.change(box, { target: { value: 'TRP-2' } }));
    await act(async () => void fireEvent.change(box, { target: { value: 'TRP-24' } }));
    expect((box as HTMLInputElement).value).toBe('TRP-24');
    // TRP-24 and TRP-240 to TRP-249.
    expect(await shows('Showing 11 of 11 records')).toBeTruthy();
    const searched = gets(api.calls).filter((params) => params.search !== undefined);
    expect(searched).toEqual([{ page: '1', perPage: '100', sort: 'amount:desc', search: 'TRP-24' }]);
  });

  it('keeps rows selected on other pages, counts those the search matches, and posts them all', async () => {
    const api = fakeServer(250);
    renderPostingPage(<SalesInvoicesPage />);
    await shows('Showing 100 of 250 records');
    await click(rowBox(1));
    await click(rowBox(2));
    await click(pageButton('2'));
    await shows('TRP-101');
    await click(rowBox(101));
    expect(screen.getByText('3 of 250 records selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear selection' })).toBeTruthy();

    // 'TRP-1' matches TRP-1, TRP-10..19 and TRP-100..199: 111 rows, of which 1 and 101 are selected.
    const box = screen.getByRole('textbox', { name: 'Search records' });
    await act(async () => void fireEvent.change(box, { target: { value: 'trp-1' } }));
    expect(await shows('2 of 111 records selected')).toBeTruthy();
    await act(async () => void fireEvent.change(box, { target: { value: '' } }));
    expect(await shows('3 of 250 records selected')).toBeTruthy();

    await click(screen.getByRole('button', { name: 'Post to SAP' }));
    expect(await shows('Sales invoices posted successfully')).toBeTruthy();
    expect(posts(api.calls).map((body) => body.postSap.map((entry) => entry.saleInvoice))).toEqual([
      [1, 2, 101],
    ]);
    expect(await shows('Showing 100 of 247 records')).toBeTruthy();
    expect(screen.queryByText(/records selected/)).toBeNull();
  });

  it('selects all matching rows, 500 per request, and posts them 500 per request with one toast', async () => {
    const api = fakeServer(1_100);
    renderPostingPage(<SalesInvoicesPage />);
    await shows('Showing 100 of 1,100 records');
    expect(screen.queryByRole('button', { name: /^Select all/ })).toBeNull();
    await click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('100 of 1,100 records selected')).toBeTruthy();

    await click(screen.getByRole('button', { name: 'Select all 1,100 matching records' }));
    expect(await shows('1,100 of 1,100 records selected')).toBeTruthy();
    expect(gets(api.calls).filter((params) => params.perPage === '500')).toEqual([
      { page: '1', perPage: '500' },
      { page: '2', perPage: '500' },
      { page: '3', perPage: '500' },
    ]);
    // All matching rows are selected: no second offer; Clear selection undoes it.
    expect(screen.queryByRole('button', { name: /^Select all/ })).toBeNull();
    await click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByText(/records selected/)).toBeNull();

    await click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await click(screen.getByRole('button', { name: 'Select all 1,100 matching records' }));
    await shows('1,100 of 1,100 records selected');
    await click(screen.getByRole('button', { name: 'Post to SAP' }));
    // Above the 50 rows of Settings' default rule, the clerk confirms first, told what goes (issue 26).
    await confirmPost(api.calls, `Post 1,100 sales invoices totalling ${totalOf(1_100)} to SAP?`);
    // One toast for the three requests (read as it shows: it closes after 4 s).
    expect(
      await screen.findAllByText('Sales invoices posted successfully', {}, { timeout: 30_000 }),
    ).toHaveLength(1);
    expect(posts(api.calls).map((body) => body.postSap.length)).toEqual([500, 500, 100]);
    const summary = await screen.findByRole('dialog', { name: 'Post to SAP: summary' });
    expect(within(summary).getByText('Posted 1,100')).toBeTruthy();
    expect(within(summary).getByText('Not posted 0')).toBeTruthy();
    expect(await shows('No records found!')).toBeTruthy();
    expect(screen.getByText('Showing 0 of 0 records')).toBeTruthy();
  });

  it('keeps the rows that did not post selected and shows the first failure when a request fails', async () => {
    const api = fakeServer(1_100, [600, 1_050]);
    renderPostingPage(<SalesInvoicesPage />);
    await shows('Showing 100 of 1,100 records');
    await click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await click(screen.getByRole('button', { name: 'Select all 1,100 matching records' }));
    await shows('1,100 of 1,100 records selected');
    // Cancel in the confirmation sends nothing and keeps the selection.
    await click(screen.getByRole('button', { name: 'Post to SAP' }));
    await click(
      within(await screen.findByRole('dialog', { name: 'Post to SAP' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Post to SAP' })).toBeNull());
    expect(posts(api.calls)).toEqual([]);
    expect(screen.getByText('1,100 of 1,100 records selected')).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Post to SAP' }));
    await confirmPost(api.calls, `Post 1,100 sales invoices totalling ${totalOf(1_100)} to SAP?`);
    expect(await screen.findAllByText('TRP-600 (sales invoice): SAP refused the customer.')).not.toHaveLength(
      0,
    );
    expect(screen.queryByText('Sales invoices posted successfully')).toBeNull();
    // A long post ends with its summary (issue 26): what posted, with SAP's numbers, and why the others did not.
    const summary = await screen.findByRole('dialog', { name: 'Post to SAP: summary' });
    expect(within(summary).getByText('Posted 1,098')).toBeTruthy();
    expect(within(summary).getByText('SAP DocNum 1')).toBeTruthy();
    expect(within(summary).getByText('Not posted 2')).toBeTruthy();
    expect(within(summary).getByText('TRP-1050 (sales invoice): SAP refused the customer.')).toBeTruthy();
    await click(within(summary).getByRole('button', { name: 'Select failed rows' }));
    // Rows 600 and 1050 are listed again, failed, and still selected.
    expect(await shows('2 of 2 records selected')).toBeTruthy();
    expect(rowBox(600).checked).toBe(true);
    expect(rowBox(1_050).checked).toBe(true);
  });
});
