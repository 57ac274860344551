import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '@ff/contract';
import { AGING_BUCKETS } from '@ff/contract';
import { RECORD_KIND_NAMES, RECORD_KINDS_PLAIN, type RecordKindName } from '@ff/contract/plain';
import { fakeApi } from '@/test/fake-api';
import { renderPostingPage } from '@/test/render-page';
import { DashboardPage } from './dashboard-page';

/** A summary answer holding `counts` (awaiting per kind), in registry order, as the server sends it. */
function summary(counts: Partial<Record<RecordKindName, number>>): DashboardSummary {
  return {
    kinds: RECORD_KIND_NAMES.filter((name) => counts[name] !== undefined).map((name) => ({
      kind: RECORD_KINDS_PLAIN[name].apiName,
      awaiting: { count: counts[name]!, amount: '0.00', currencies: [] },
      aging: AGING_BUCKETS.map((bucket) => ({ bucket, count: 0, amount: '0.00', currencies: [] })),
      postedPerDay: [{ day: '2025-03-10', count: 0, amount: '0.00', currencies: [] }],
      failed: 0,
      queued: 0,
    })),
    generatedAt: '2025-03-10 08:00:00',
    today: '2025-03-10',
  };
}
const SAP_OK = {
  state: 'connected',
  message: 'SAP Business One accepted the login; postings can be sent.',
  checkedAt: '2025-03-10 08:00:00',
};

/** Answers the summary on `/dashboard` and `sap` on `/sap-status`. */
const answers =
  (dashboard: [number, unknown], sap: unknown = SAP_OK) =>
  ({ url }: { url: string }): [number, unknown] =>
    url === '/sap-status' ? [200, sap] : dashboard;

const everyKind = (count: number) =>
  summary(Object.fromEntries(RECORD_KIND_NAMES.map((name) => [name, count])));

function Landing() {
  const location = useLocation();
  return <p>{`landed on ${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

function App() {
  return (
    <Routes>
      <Route path="/" element={<DashboardPage />} />
      <Route path="*" element={<Landing />} />
    </Routes>
  );
}

let restore = () => {};
afterEach(() => restore());

describe('DashboardPage', { timeout: 30_000 }, () => {
  it('shows the four counts from one summary call, with thousands separators', async () => {
    const api = fakeApi(
      answers([
        200,
        summary({
          salesInvoice: 1234,
          firstJournal: 250,
          secondJournal: 0,
          cashAdvance: 99,
          fuelAdvance: 98,
          vasTransaction: 7,
        }),
      ]),
    );
    restore = api.restore;
    renderPostingPage(<App />);

    const sales = await screen.findByRole('link', { name: /^Sales Invoices: 1,234 records/ });
    expect(within(sales).getByText('1,234')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Transporter Invoices \(FJ\): 250 / })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Transporter Invoices \(SJ\): 0 / })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Vas Transactions: 7 / })).toBeTruthy();
    // The spec's four cards only: the cash and fuel figures are not shown as cards.
    expect(screen.getAllByRole('link', { name: /records awaiting posting$/ })).toHaveLength(4);
    expect(api.calls.filter((call) => call.url === '/dashboard')).toEqual([
      { method: 'get', url: '/dashboard', params: {}, body: undefined },
    ]);
    expect(screen.getByText('Finance')).toBeTruthy();
  });

  it('links each card to its screen, the transporter cards to their tab', async () => {
    restore = fakeApi(answers([200, everyKind(3)])).restore;
    renderPostingPage(<App />);
    const sj = await screen.findByRole('link', { name: /^Transporter Invoices \(SJ\): 3 / });
    expect(sj.getAttribute('href')).toBe('/invoices/transporter');
    expect(screen.getByRole('link', { name: /^Sales Invoices/ }).getAttribute('href')).toBe(
      '/invoices/sales',
    );
    expect(screen.getByRole('link', { name: /^Vas Transactions/ }).getAttribute('href')).toBe(
      '/vas/transactions',
    );
    await act(async () => fireEvent.click(sj));
    expect(await screen.findByText('landed on /invoices/transporter {"activeTab":"second-je"}')).toBeTruthy();
  });

  it('shows only the cards of the kinds the user may view, without an access alert', async () => {
    // A role with View Sales Invoices and View VAS Transactions: the server answers those two kinds.
    restore = fakeApi(answers([200, summary({ salesInvoice: 12, vasTransaction: 5 })])).restore;
    renderPostingPage(<App />);
    expect(await screen.findByRole('link', { name: /^Sales Invoices: 12 records/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Vas Transactions: 5 records/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Transporter Invoices/ })).toBeNull();
    expect(screen.getAllByRole('link', { name: /records awaiting posting$/ })).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Access Denied')).toBeNull();
  });

  it('shows no card and no alert to a user who may view no kind', async () => {
    restore = fakeApi(answers([200, summary({})])).restore;
    renderPostingPage(<App />);
    // The four loading cards go once the (empty) summary has arrived.
    await expect
      .poll(() => screen.queryAllByRole('link', { name: /records awaiting posting$/ }).length)
      .toBe(0);
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows each card with '–' while the figures load", async () => {
    let answer: (value: Response) => void = () => {};
    const original = globalThis.fetch;
    globalThis.fetch = (input: RequestInfo | URL) =>
      String(input).includes('/sap-status')
        ? new Promise<Response>(() => {})
        : new Promise<Response>((resolve) => (answer = resolve));
    restore = () => (globalThis.fetch = original);
    renderPostingPage(<App />);
    const sales = await screen.findByRole('link', { name: 'Sales Invoices: – records awaiting posting' });
    expect(sales).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /: – records awaiting posting$/ })).toHaveLength(4);
    await act(async () =>
      answer(new Response(JSON.stringify(everyKind(1)), { headers: { 'Content-Type': 'application/json' } })),
    );
    expect(
      await screen.findByRole('link', { name: 'Sales Invoices: 1 records awaiting posting' }),
    ).toBeTruthy();
  });

  it('shows the error alert with the server message when the summary fails', async () => {
    restore = fakeApi(answers([500, { message: 'Server Error' }])).restore;
    renderPostingPage(<App />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeTruthy();
    expect(within(alert).getByText('Server Error')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /records awaiting posting$/ })).toBeNull();
  });

  it('shows the awaiting amounts, failures, queue and both charts with their numbers as text', async () => {
    const figures = summary({ salesInvoice: 3, vasTransaction: 2 });
    const [sales, vas] = figures.kinds as [DashboardSummary['kinds'][0], DashboardSummary['kinds'][0]];
    sales.awaiting.amount = '1234567.50';
    sales.failed = 1;
    sales.aging = [
      { bucket: '0-7', count: 1, amount: '100.00', currencies: [] },
      { bucket: '8-30', count: 0, amount: '0.00', currencies: [] },
      { bucket: '31-60', count: 0, amount: '0.00', currencies: [] },
      { bucket: '60+', count: 2, amount: '1234467.50', currencies: [] },
    ];
    sales.postedPerDay = [
      { day: '2025-03-09', count: 4, amount: '400.00', currencies: [] },
      { day: '2025-03-10', count: 5, amount: '500.00', currencies: [] },
    ];
    vas.queued = 6;
    vas.failed = 2;
    vas.postedPerDay = [
      { day: '2025-03-09', count: 0, amount: '0.00', currencies: [] },
      { day: '2025-03-10', count: 1, amount: '10.00', currencies: [] },
    ];
    restore = fakeApi(answers([200, figures])).restore;
    renderPostingPage(<App />);

    const awaiting = await screen.findByRole('table', { name: 'Awaiting posting' });
    const salesRow = within(awaiting).getByRole('row', { name: /Sales Invoices/ });
    expect(salesRow.textContent).toContain('1,234,567.50');
    expect(within(screen.getByRole('region', { name: 'Failed postings' })).getByText('3')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'VAS queue' })).getByText('6')).toBeTruthy();

    const aging = screen.getByRole('table', { name: 'Waiting time of records awaiting posting' });
    const old = within(aging).getByRole('row', { name: /Over 60 days/ });
    expect(
      within(old)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '0', '2']);
    const posted = screen.getByRole('table', { name: 'Posted per day, last 30 days' });
    const today = within(posted).getByRole('row', { name: /10 Mar/ });
    expect(
      within(today)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['5', '1', '6']);
    expect(screen.getByText('10 records posted to SAP in the last 30 days, 6 of them today.')).toBeTruthy();

    const sap = screen.getByRole('region', { name: 'SAP connection' });
    expect(await within(sap).findByText('Connected')).toBeTruthy();
    expect(within(sap).getByText(SAP_OK.message)).toBeTruthy();
  });

  it('shows each currency of the awaiting records on its own line, never added to the local amount', async () => {
    const figures = summary({ salesInvoice: 4, cashAdvance: 2 });
    const [sales, cash] = figures.kinds as [DashboardSummary['kinds'][0], DashboardSummary['kinds'][0]];
    sales.awaiting = {
      count: 4,
      amount: '1500.00',
      currencies: [
        { currency: 'EUR', count: 1, amount: '80.00' },
        { currency: 'USD', count: 2, amount: '1234.50' },
      ],
    };
    // Only foreign records: no local line.
    cash.awaiting = {
      count: 2,
      amount: '0.00',
      currencies: [{ currency: 'USD', count: 2, amount: '900.00' }],
    };
    restore = fakeApi(answers([200, figures])).restore;
    renderPostingPage(<App />);

    const awaiting = await screen.findByRole('table', { name: 'Awaiting posting' });
    const amountOf = (name: RegExp) =>
      within(within(awaiting).getByRole('row', { name })).getAllByRole('cell')[1]!;
    expect(
      within(amountOf(/Sales Invoices/))
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['1,500.00', 'EUR 80.00', 'USD 1,234.50']);
    expect(
      within(amountOf(/Cash Advance/))
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['USD 900.00']);
  });

  it("shows SAP's refusal of the login on the status card", async () => {
    const refused = {
      state: 'login-refused',
      message: 'SAP refused the login (check the user and password in Settings). SAP answered: Login failed.',
      checkedAt: '2025-03-10 08:00:00',
    };
    restore = fakeApi(answers([200, everyKind(1)], refused)).restore;
    renderPostingPage(<App />);
    const sap = await screen.findByRole('region', { name: 'SAP connection' });
    expect(await within(sap).findByText('Login refused')).toBeTruthy();
    expect(within(sap).getByText(refused.message)).toBeTruthy();
  });
});
