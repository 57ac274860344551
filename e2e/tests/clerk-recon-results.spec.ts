import { createServer } from 'node:net';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { CashAdvanceRow, LedgerAccount } from '@ff/contract';
import { adminApiSession, api, fillLogin } from '../support/auth';
import { axeOn } from '../support/axe';
import { E2E_ADMIN } from '../support/env';
import { startExtraServer, type ExtraServer } from '../support/extra-server';
import { expectToast } from '../support/ui';

/**
 * Issue 26, item 11: a reconciliation's differences can be acted on. The set-up of reconciliation.spec.ts (a
 * server of its own whose simulator the spec changes behind the app's back): one posted cash advance gets
 * another amount in SAP, and a journal carrying the key of a reversed one is put into SAP directly. The type
 * badges show their whole label, each trip opens its posting in Posting History's drawer, and each row's
 * Action holds what can be done about it.
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

test.describe('Reconciliation results (issue 26, item 11)', () => {
  test.describe.configure({ timeout: 180_000 });
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

  test('type labels show whole, trips open their posting, and the Action column says what to do', async ({
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
    const [posted, unposted] = rows as [CashAdvanceRow, CashAdvanceRow];
    const [ledger] = (await api<{ data: LedgerAccount[] }>(ctx, 'GET', '/accounts?accountType=petty%20cash'))
      .data as [LedgerAccount];
    const postCash = (id: number) =>
      api(ctx, 'POST', '/journalCashAdvance', {
        postSap: [{ cashAdvanceId: id, sapAccount: ledger.id, postingDate: today }],
      });
    const postingOf = async (row: CashAdvanceRow) =>
      (
        await api<{ data: { id: number; idempotencyKey: string }[] }>(
          ctx,
          'GET',
          `/postings?kind=journalCashAdvance&search=${encodeURIComponent(row.tripNumber ?? '')}`,
        )
      ).data[0]!;
    await postCash(posted.id);
    const postedPosting = await postingOf(posted);
    await postCash(unposted.id);
    const reversed = await postingOf(unposted);
    await api(ctx, 'POST', `/postings/${reversed.id}/reverse`, { reason: 'Posted to the wrong ledger' });
    const nextKey = `${reversed.idempotencyKey}-R2`;
    await simControl(simOrigin, 'documents/alter', {
      reference: postedPosting.idempotencyKey,
      amount: '1.00',
    });
    const amount = Number(unposted.amount);
    await postJournalInSap(simOrigin, {
      ReferenceDate: today,
      Reference3: nextKey,
      JournalEntryLines: [
        { ShortName: 'T20002', Debit: amount, Credit: 0 },
        { AccountCode: ledger.accountNumber, Debit: 0, Credit: amount },
      ],
    });

    await page.goto(`${server.baseURL}/login`);
    await fillLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.getByRole('link', { name: 'Reconciliation' }).click();
    await page.getByRole('button', { name: 'Run reconciliation' }).click();
    await expectToast(page, { message: /^Reconciliation #\d+ started\.$/ });
    const differences = page.getByRole('table', { name: 'Differences' });
    await expect(differences).toBeVisible({ timeout: 30_000 });
    const runUrl = page.url();

    // Every type badge shows its whole label: none is cut short with an ellipsis.
    const badges = differences.locator('.mantine-Badge-root');
    await expect(badges).toHaveCount(2);
    for (const badge of await badges.all()) {
      const cut = await badge.evaluate((root) =>
        [root, ...Array.from(root.querySelectorAll('*'))].some((el) => el.scrollWidth > el.clientWidth + 1),
      );
      expect(cut, `the badge '${await badge.textContent()}' is cut short`).toBe(false);
    }

    // The Action column: the record not posted here may adopt SAP's document; the posting whose amount SAP
    // changed is opened, where it can be reversed in SAP.
    const amountRow = differences.getByRole('row').filter({ hasText: postedPosting.idempotencyKey });
    const foreignRow = differences.getByRole('row').filter({ hasText: nextKey });
    await expect(foreignRow.getByRole('button', { name: 'Adopt SAP document' })).toBeVisible();
    const open = amountRow.getByRole('link', { name: `Open posting of trip ${posted.tripNumber}` });
    await expect(open).toBeVisible();

    // axe finds no serious or critical violation in the differences (the links and badges).
    const violations = (
      await axeOn(page).include('table[aria-label="Differences"]').analyze()
    ).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );

    // The trip number is a link to its posting: Posting History with the posting's drawer open.
    await amountRow.getByRole('link', { name: posted.tripNumber!, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/postings\\?.*posting=${postedPosting.id}(&|$)`));
    const drawer = page.getByRole('dialog', { name: 'Posting' });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText(postedPosting.idempotencyKey);
    await expect(drawer.getByRole('button', { name: /Reverse in SAP/ })).toBeVisible();

    // The Action link opens the same drawer.
    await page.goto(runUrl);
    await open.click();
    await expect(page).toHaveURL(new RegExp(`/postings\\?.*posting=${postedPosting.id}(&|$)`));
    await expect(page.getByRole('dialog', { name: 'Posting' })).toContainText(postedPosting.idempotencyKey);
  });
});
