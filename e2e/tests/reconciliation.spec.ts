import { createServer } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { CashAdvanceRow, LedgerAccount } from '@ff/contract';
import { adminApiSession, api, fillLogin } from '../support/auth';
import { E2E_ADMIN } from '../support/env';
import { startExtraServer, type ExtraServer } from '../support/extra-server';
import { expectToast } from '../support/ui';

/**
 * Reconciliation with SAP (issue 11). A server of its own (demo data, the queue worker in-process) with its
 * embedded simulator on a known port, so the spec can change SAP behind the app's back through /__sim: one
 * posted cash advance gets another amount in SAP, and a journal carrying the key of an unposted one is put
 * into SAP directly. A run started on the screen lists both; adopting SAP's document settles the second.
 */
const nairobiToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The simulator's SAP login (apps/sap-sim DEFAULT_CREDENTIALS), to post a journal the way another client would. */
async function postJournalInSap(simOrigin: string, body: Record<string, unknown>) {
  const login = await fetch(`${simOrigin}/b1s/v1/Login`, {
    method: 'POST',
    body: JSON.stringify({ CompanyDB: 'SBODEMO_KE', UserName: 'manager', Password: 'B1Admin!' }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const created = await fetch(`${simOrigin}/b1s/v1/JournalEntries`, {
    method: 'POST',
    headers: { cookie },
    body: JSON.stringify(body),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return (await created.json()) as { JdtNum: number };
}

async function simControl(simOrigin: string, path: string, body: unknown) {
  const answer = await fetch(`${simOrigin}/__sim/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.ok, await answer.clone().text()).toBe(true);
}

test.describe('Reconciliation', () => {
  test.describe.configure({ timeout: 180_000 });
  // The clerk's browser keeps the company's time zone. The screen's default range (the last 7 days) is counted
  // in the browser's days, and the postings below are dated by Nairobi's. In UTC, between 21:00 and midnight,
  // those are different days, and today's postings fell outside the range.
  test.use({ timezoneId: 'Africa/Nairobi' });
  let server: ExtraServer;
  let simOrigin: string;
  let ctx: APIRequestContext;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const simPort = await freePort();
    simOrigin = `http://127.0.0.1:${simPort}`;
    server = await startExtraServer({
      SEED_DEMO: 'true',
      QUEUE_WORKER: 'inline',
      SAP_SIM_PORT: String(simPort),
    });
    ctx = await adminApiSession(server.baseURL);
  });
  test.afterAll(async () => {
    await ctx?.dispose();
    await server?.stop();
  });

  async function signIn(page: Page) {
    await page.goto(`${server.baseURL}/login`);
    await fillLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  }

  async function runOnScreen(page: Page) {
    await page.getByRole('button', { name: 'Run reconciliation' }).click();
    await expectToast(page, { message: /^Reconciliation #\d+ started\.$/ });
    await expect(page).toHaveURL(/[?&]run=\d+/);
    const detail = page.getByRole('heading', { name: /^Reconciliation #\d+:/ });
    await expect(detail).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Differences' }).or(page.getByText(/^No differences/)),
    ).toBeVisible({
      timeout: 30_000,
    });
  }

  test('lists the differences SAP shows and adopts the document of a record not posted here', async ({
    page,
  }) => {
    const today = nairobiToday();
    const rows = (
      await api<{ data: CashAdvanceRow[] }>(
        ctx,
        'GET',
        `/journalCashAdvance?fromDate=${daysBefore(today, 365)}&toDate=${today}&page=1&perPage=5`,
      )
    ).data;
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const [posted, unposted] = rows as [CashAdvanceRow, CashAdvanceRow];
    const [ledger] = (await api<{ data: LedgerAccount[] }>(ctx, 'GET', '/accounts?accountType=petty%20cash'))
      .data as [LedgerAccount];
    const postCash = (id: number) =>
      api(ctx, 'POST', '/journalCashAdvance', {
        postSap: [{ cashAdvanceId: id, sapAccount: ledger.id, postingDate: today }],
      });
    /** The posting of a record (by its trip) as Posting History shows it, with the key SAP holds it under. */
    const postingOf = async (row: CashAdvanceRow) =>
      (
        await api<{ data: { id: number; idempotencyKey: string }[] }>(
          ctx,
          'GET',
          `/postings?kind=journalCashAdvance&search=${encodeURIComponent(row.tripNumber ?? '')}`,
        )
      ).data[0]!;
    await postCash(posted.id);
    const postedKey = (await postingOf(posted)).idempotencyKey;
    // The other is posted and reversed: its next posting's key is its first one's with -R2 (decision 018).
    await postCash(unposted.id);
    const reversed = await postingOf(unposted);
    await api(ctx, 'POST', `/postings/${reversed.id}/reverse`, { reason: 'Posted to the wrong ledger' });
    const nextKey = `${reversed.idempotencyKey}-R2`;
    // Behind the app's back: SAP's copy of the posted one now says 1.00; a journal with the other's next key (its
    // amount, today) appears, as if posted from another installation.
    await simControl(simOrigin, 'documents/alter', { reference: postedKey, amount: '1.00' });
    const amount = Number(unposted.amount);
    const journal = await postJournalInSap(simOrigin, {
      ReferenceDate: today,
      Reference3: nextKey,
      JournalEntryLines: [
        { ShortName: 'T20002', Debit: amount, Credit: 0 },
        { AccountCode: ledger.accountNumber, Debit: 0, Credit: amount },
      ],
    });

    await signIn(page);
    await page.getByRole('link', { name: 'Reconciliation' }).click();
    await expect(page.getByRole('heading', { name: 'Reconciliation', level: 1 })).toBeVisible();
    await runOnScreen(page);

    const differences = page.getByRole('table', { name: 'Differences' });
    const amountRow = differences.getByRole('row').filter({ hasText: postedKey });
    await expect(amountRow).toContainText('Amount differs');
    await expect(amountRow).toContainText(posted.tripNumber ?? '');
    await expect(amountRow).toContainText('Cash advance record');
    await expect(amountRow).toContainText('1.00');
    const foreignRow = differences.getByRole('row').filter({ hasText: nextKey });
    await expect(foreignRow).toContainText('Not posted here');
    await expect(page.getByLabel('Summary')).toContainText('Amount differs1');

    await foreignRow.getByRole('button', { name: 'Adopt SAP document' }).click();
    const dialog = page.getByRole('dialog', { name: "Adopt SAP's document?" });
    await expect(dialog).toContainText(`DocEntry ${journal.JdtNum}`);
    await dialog.getByRole('button', { name: 'Adopt' }).click();
    await expectToast(page, { message: new RegExp(`marked posted with SAP's DocEntry ${journal.JdtNum}`) });
    await expect(foreignRow.getByRole('button', { name: 'Adopt SAP document' })).toHaveCount(0);

    // A second run: the adopted record now matches; only the amount SAP changed is left.
    await runOnScreen(page);
    await expect(page.getByRole('table', { name: 'Differences' }).getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('table', { name: 'Reconciliation runs' })).toContainText('Differences');
  });
});
