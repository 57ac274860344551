import type { ReactNode } from 'react';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReconciliationRun, ReconciliationRunDetail } from '@ff/contract';
import { fakeApi, type FakeCall } from '@/test/fake-api';
import { renderWithMantine } from '@/test/render';
import { ReconciliationPage } from './reconciliation-page';

function renderPage(ui: ReactNode, url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithMantine(
    <MemoryRouter initialEntries={[url]}>
      <Notifications />
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MemoryRouter>,
  );
}

const summary = {
  matched: 4,
  missingInSap: 1,
  cancelledInSap: 0,
  notPostedHere: 0,
  duplicateInSap: 0,
  amountDiffers: 0,
  dateDiffers: 0,
};
// Times as the server sends them: 'yyyy-MM-dd HH:mm:ss' in its APP_TIMEZONE (Nairobi, say). The nightly run
// starts at 02:00 there; on 8 March 2026 New York's clocks skip from 02:00 to 03:00.
const nightly: ReconciliationRun = {
  id: 8,
  fromDate: '2026-03-01',
  toDate: '2026-03-07',
  status: 'done',
  trigger: 'nightly',
  startedBy: null,
  createdAt: '2026-03-08 02:00:41',
  finishedAt: '2026-03-08 02:01:03',
  summary,
  error: null,
  hiddenDifferences: 0,
};
const byUser: ReconciliationRun = {
  ...nightly,
  id: 7,
  trigger: 'user',
  startedBy: 'Amina',
  createdAt: '2026-03-07 23:45:10',
  finishedAt: '2026-03-07 23:45:12',
  summary: { ...summary, missingInSap: 0 },
};
const detail: ReconciliationRunDetail = {
  ...nightly,
  differences: [
    {
      type: 'missing_in_sap',
      kind: 'journalCashAdvance',
      recordId: 12,
      tripNumber: 'TRP-2026-003976',
      idempotencyKey: 'FF-CA-12',
      sapDocEntry: null,
      sapDocNum: null,
      ours: { amount: '15000.00', postingDate: '2026-03-06' },
      sap: null,
      message:
        'TRP-2026-003976 (cash advance record): posted here as DocEntry 301 but SAP has no document with key FF-CA-12.',
      adoptable: false,
      index: 0,
    },
    {
      type: 'amount_differs',
      kind: 'journalCashAdvance',
      recordId: 13,
      tripNumber: 'TRP-2026-003977',
      idempotencyKey: 'FF-CA-13',
      sapDocEntry: 302,
      sapDocNum: 402,
      ours: { amount: '1234.56', postingDate: '2026-03-06' },
      sap: { amount: '1200.00', postingDate: '2026-03-06' },
      message:
        "TRP-2026-003977 (cash advance record): the amount here is USD 1234.56 but SAP's DocEntry 302 has USD 1200.00.",
      adoptable: false,
      currency: 'USD',
      index: 1,
    },
  ],
};

// What a cash advance user sees of a run that also found differences in kinds they may not view: the stored
// run's numbering is kept, so "Adopt" names the difference the server knows.
const scoped: ReconciliationRunDetail = {
  ...nightly,
  hiddenDifferences: 2,
  differences: [
    {
      type: 'not_posted_here',
      kind: 'journalCashAdvance',
      recordId: 14,
      tripNumber: 'TRP-2026-003980',
      idempotencyKey: 'FF-CA-14',
      sapDocEntry: 1022,
      sapDocNum: 1122,
      ours: { amount: '15000.00', postingDate: null },
      sap: { amount: '15000.00', postingDate: '2026-03-06' },
      message:
        "TRP-2026-003980 (cash advance record): SAP has DocEntry 1022 with key FF-CA-14, but it is not posted here: the record is unposted here; adopt SAP's document to mark it posted.",
      adoptable: true,
      index: 3,
    },
  ],
};

function reconciliationApi(call: FakeCall): [number, unknown] {
  if (call.url === '/reconciliations') return [200, { data: [nightly, byUser] }];
  if (call.url === '/reconciliations/8') return [200, { data: detail }];
  return [404, { message: 'Not found' }];
}

let restore = () => {};
// A finance user whose browser is in New York: the screen still shows the server's times.
const browserZone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'America/New_York';
});
afterEach(() => {
  restore();
  if (browserZone === undefined) delete process.env.TZ;
  else process.env.TZ = browserZone;
});

describe('ReconciliationPage', { timeout: 30_000 }, () => {
  it("lists the runs with when each started in the server's time zone, who started it and what it found", async () => {
    const api = fakeApi(reconciliationApi);
    restore = api.restore;
    renderPage(<ReconciliationPage />, '/reconciliation');
    const runs = await screen.findByRole('table', { name: 'Reconciliation runs' });
    const [, first, second] = within(runs).getAllByRole('row');
    // The server's time (APP_TIMEZONE) as every screen shows it, though New York has no 02:00 that day.
    expect(within(first!).getByText('08 Mar 2026, 02:00')).toBeTruthy();
    expect(within(first!).getByText('Nightly')).toBeTruthy();
    expect(within(first!).getByText('4 matched, 1 difference')).toBeTruthy();
    expect(within(second!).getByText('07 Mar 2026, 23:45')).toBeTruthy();
    expect(within(second!).getByText('Amina')).toBeTruthy();
    expect(within(second!).getByText('Matched')).toBeTruthy();
  });

  it('shows the run of ?run= with its summary and differences', async () => {
    const api = fakeApi(reconciliationApi);
    restore = api.restore;
    renderPage(<ReconciliationPage />, '/reconciliation?run=8');
    expect(
      await screen.findByRole('heading', { name: 'Reconciliation #8: 01 Mar 2026 to 07 Mar 2026' }),
    ).toBeTruthy();
    const differences = screen.getByRole('table', { name: 'Differences' });
    expect(within(differences).getByText('Missing in SAP')).toBeTruthy();
    expect(within(differences).getByText('15,000.00 on 06 Mar 2026')).toBeTruthy();
    // A foreign-currency document's amounts carry their currency on both sides.
    expect(within(differences).getByText('USD 1,234.56 on 06 Mar 2026')).toBeTruthy();
    expect(within(differences).getByText('USD 1,200.00 on 06 Mar 2026')).toBeTruthy();
  });

  it('says how many differences it leaves out, and adopts a difference by its number in the run', async () => {
    const api = fakeApi((call) => {
      if (call.url === '/reconciliations/8') return [200, { data: scoped }];
      if (call.url === '/reconciliations/8/differences/3/adopt')
        return [
          200,
          { message: "TRP-2026-003980 (cash advance record): marked posted with SAP's DocEntry 1022." },
        ];
      return reconciliationApi(call);
    });
    restore = api.restore;
    renderPage(<ReconciliationPage />, '/reconciliation?run=8');
    expect(await screen.findByText('2 differences in kinds you may not view are not shown.')).toBeTruthy();
    const differences = screen.getByRole('table', { name: 'Differences' });
    // Ours: the record's amount; no posting date was chosen for it yet.
    expect(within(differences).getByText('15,000.00')).toBeTruthy();
    fireEvent.click(within(differences).getByRole('button', { name: 'Adopt SAP document' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Adopt' }));
    await waitFor(() =>
      expect(
        api.calls.some((c) => c.method === 'post' && c.url === '/reconciliations/8/differences/3/adopt'),
      ).toBe(true),
    );
  });
});
