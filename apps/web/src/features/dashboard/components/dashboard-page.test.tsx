import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderPostingPage } from '@/test/render-page';
import { DashboardPage } from './dashboard-page';

const rows = (n: number) => ({ data: Array.from({ length: n }, (_, id) => ({ id })) });

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
  it('counts the four lists, fetched in parallel without params, with thousands separators', async () => {
    const api = fakeApi(({ url }) => {
      const sizes: Record<string, number> = {
        '/journalSaleInvoice': 1234,
        '/firstJournalTransporterInvoice': 250,
        '/secondJournalTransporterInvoice': 0,
        '/journalVasTransaction': 7,
      };
      return [200, rows(sizes[url] ?? 0)];
    });
    restore = api.restore;
    renderPostingPage(<App />);

    const sales = await screen.findByRole('link', { name: /^Sales Invoices: 1,234 records/ });
    expect(within(sales).getByText('1,234')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Transporter Invoices \(FJ\): 250 / })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Transporter Invoices \(SJ\): 0 / })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Vas Transactions: 7 / })).toBeTruthy();
    expect(api.calls.map((c) => c.url).sort()).toEqual([
      '/firstJournalTransporterInvoice',
      '/journalSaleInvoice',
      '/journalVasTransaction',
      '/secondJournalTransporterInvoice',
    ]);
    for (const call of api.calls) expect(call.params).toEqual({});
    expect(screen.getByText('Finance')).toBeTruthy();
  });

  it('links each card to its screen, the transporter cards to their tab', async () => {
    restore = fakeApi(() => [200, rows(3)]).restore;
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

  it("shows 'Access Denied' when a list is refused", async () => {
    restore = fakeApi(({ url }) =>
      url === '/journalVasTransaction'
        ? [403, { message: 'You may not view VAS transactions.' }]
        : [200, rows(1)],
    ).restore;
    renderPostingPage(<App />);
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(screen.getByText('You may not view VAS transactions.')).toBeTruthy();
  });
});
