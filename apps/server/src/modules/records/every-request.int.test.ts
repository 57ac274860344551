import { eq } from 'drizzle-orm';
import { PERMISSIONS, type PermissionName } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesInvoices } from './kinds/sales-invoice/index.js';
import { transporterInvoices } from './kinds/first-journal/index.js';
import { vasTransactions } from './kinds/vas-transaction/index.js';
import { createUser, signedIn } from '../../test/fixtures.js';
import {
  expectNotInSap,
  expectPostedOnce,
  importRecords,
  keyOf,
  ledgerId,
  makeRecords,
  recordRows,
  storedRow,
  storedRows,
  type PostingHarness,
} from '../../test/posting-harness.js';
import { first, PATHS, sale, second, startRecordsHarness, today } from '../../test/records-suite.js';
import type { TestClient } from '../../test/test-client.js';
import { rowFailureOf } from '../../test/record-names.js';

/**
 * What every post request is checked for: repeated and unavailable rows, permissions per kind, and the audit
 * log. Every posted document is checked in the simulator's read-back.
 */
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => ({ h, admin } = await startRecordsHarness()), 120_000);
afterAll(() => h?.close());

describe('every request', () => {
  it('refuses the same row twice in one request with 422 and posts nothing', async () => {
    const [a, b] = await makeRecords(h, 'sales', 2);
    const response = await admin.post(PATHS.sales, { postSap: [sale(a!), sale(b!), sale(a!)] });
    expect(response.status).toBe(422);
    expect(response.body.errors.postSap).toEqual([
      `Each row may be posted once per request; #${a} appears more than once.`,
    ]);
    await expectNotInSap(h.sim, [keyOf('SI', a!), keyOf('SI', b!)]);
    expect(await storedRows(h, 'sales', [a!, b!])).toMatchObject([
      { status: 'unposted' },
      { status: 'unposted' },
    ]);
    // The same holds for the queued kind.
    const [v] = await makeRecords(h, 'vas', 1);
    const revenue = await ledgerId(h, '410200');
    const cost = await ledgerId(h, '510200');
    const entry = {
      vasTransactionId: v,
      sapAccountRevenue: revenue,
      sapAccountCost: cost,
      collectedQuantity: '1',
      postingDate: today,
      orderNumber: 'X',
    };
    expect((await admin.post(PATHS.vas, { postSap: [entry, entry] })).status).toBe(422);
    expect(await storedRow(h, 'vas', v!)).toMatchObject({ status: 'unposted' });
  });

  it('refuses rows already posted, being posted or queued, and unknown ids', async () => {
    const [posted, posting] = await makeRecords(h, 'sales', 2);
    expect((await admin.post(PATHS.sales, { postSap: [sale(posted!)] })).status).toBe(200);
    await h.database.db
      .update(salesInvoices)
      .set({ status: 'posting' })
      .where(eq(salesInvoices.id, posting!));
    const response = await admin.post(PATHS.sales, {
      postSap: [sale(posted!), sale(posting!), sale(987_654)],
    });
    expect(response.status).toBe(422);
    expect(response.body.failed).toEqual([
      await rowFailureOf(h, 'salesInvoice', posted!, 'it has already been posted.'),
      await rowFailureOf(h, 'salesInvoice', posting!, 'it is being posted right now.'),
      { id: 987_654, message: '#987654 (sales invoice): no sales invoice with this id exists.' },
    ]);
    await expectPostedOnce(h.sim, [keyOf('SI', posted!)]);
    await expectNotInSap(h.sim, [keyOf('SI', posting!)]);
    await h.database.db
      .update(salesInvoices)
      .set({ status: 'unposted' })
      .where(eq(salesInvoices.id, posting!));

    const [t] = await makeRecords(h, 'transporter', 1);
    expect((await admin.post(PATHS.first, { postSap: [first(t!)] })).status).toBe(200);
    const again = await admin.post(PATHS.first, { postSap: [first(t!)] });
    expect(again.body.failed).toEqual([
      await rowFailureOf(h, 'firstJournal', t!, 'it has already been posted.'),
    ]);
    await h.database.db
      .update(transporterInvoices)
      .set({ sjStatus: 'posting' })
      .where(eq(transporterInvoices.id, t!));
    const sj = await admin.post(PATHS.second, { postSap: [second(t!)] });
    expect(sj.body.failed).toEqual([
      await rowFailureOf(h, 'secondJournal', t!, 'it is being posted right now.'),
    ]);

    const [v] = await makeRecords(h, 'vas', 1);
    await h.database.db.update(vasTransactions).set({ status: 'queued' }).where(eq(vasTransactions.id, v!));
    const revenue = await ledgerId(h, '410200');
    const cost = await ledgerId(h, '510200');
    const vasResponse = await admin.post(PATHS.vas, {
      postSap: [
        {
          vasTransactionId: v,
          sapAccountRevenue: revenue,
          sapAccountCost: cost,
          collectedQuantity: '1',
          postingDate: today,
          orderNumber: 'X',
        },
      ],
    });
    expect(vasResponse.status).toBe(422);
    expect(vasResponse.body.failed).toEqual([
      await rowFailureOf(h, 'vasTransaction', v!, 'it is already queued for posting.'),
    ]);
  });

  it('needs the view permission to list and the post permission to post, per kind', async () => {
    const kinds: { path: string; view: PermissionName; post: PermissionName; otherView: PermissionName }[] = [
      {
        path: PATHS.sales,
        view: PERMISSIONS.viewSalesInvoices,
        post: PERMISSIONS.postSalesInvoices,
        otherView: PERMISSIONS.viewCashAdvances,
      },
      {
        path: PATHS.first,
        view: PERMISSIONS.viewTransporterInvoices,
        post: PERMISSIONS.postTransporterInvoices,
        otherView: PERMISSIONS.viewSalesInvoices,
      },
      {
        path: PATHS.second,
        view: PERMISSIONS.viewTransporterInvoices,
        post: PERMISSIONS.postTransporterInvoices,
        otherView: PERMISSIONS.viewSalesInvoices,
      },
      {
        path: PATHS.cash,
        view: PERMISSIONS.viewCashAdvances,
        post: PERMISSIONS.postCashAdvances,
        otherView: PERMISSIONS.viewFuelAdvances,
      },
      {
        path: PATHS.fuel,
        view: PERMISSIONS.viewFuelAdvances,
        post: PERMISSIONS.postFuelAdvances,
        otherView: PERMISSIONS.viewCashAdvances,
      },
      {
        path: PATHS.vas,
        view: PERMISSIONS.viewVasTransactions,
        post: PERMISSIONS.postVasTransactions,
        otherView: PERMISSIONS.viewFuelAdvances,
      },
    ];
    // A body that would pass validation for any kind is not needed: the permission is checked first.
    for (const kind of kinds) {
      const viewer = await signedIn(h.server, await createUser(h.server, { permissions: [kind.view] }));
      expect((await viewer.get(kind.path)).status).toBe(200);
      const viewerPost = await viewer.post(kind.path, { postSap: [] });
      expect(viewerPost.status).toBe(403);
      expect(viewerPost.body.message).toContain(kind.post);

      const stranger = await signedIn(
        h.server,
        await createUser(h.server, { permissions: [kind.otherView] }),
      );
      expect((await stranger.get(kind.path)).status).toBe(403);
      expect((await stranger.post(kind.path, { postSap: [] })).status).toBe(403);

      const poster = await signedIn(
        h.server,
        await createUser(h.server, { permissions: [kind.view, kind.post] }),
      );
      expect((await poster.get(kind.path)).status).toBe(200);
      // Allowed through: the (empty) body is then judged.
      expect((await poster.post(kind.path, { postSap: [] })).status).toBe(422);

      const anonymous = h.client();
      await anonymous.csrf();
      expect((await anonymous.get(kind.path)).status).toBe(401);
    }
  });

  it('audits every post: who, what reached SAP (with its document), and what did not and why', async () => {
    const user = await createUser(h.server, {
      permissions: [PERMISSIONS.viewSalesInvoices, PERMISSIONS.postSalesInvoices],
    });
    const poster = await signedIn(h.server, user);
    const [ok, bad] = await importRecords(h, 'sales', [
      recordRows.sales(),
      recordRows.sales({ customerCode: 'C10099' }),
    ]);
    const response = await poster.post(PATHS.sales, { postSap: [sale(ok!), sale(bad!)] });
    expect(response.status).toBe(422);
    const docEntry = response.body.posted[0].sapDocEntry as number;
    const audits = (await admin.get('/api/v1/audits')).body.data as { event: string; createdBy: string }[];
    const entry = audits.find((a) => a.event.includes(`(#${ok}) as DocEntry ${docEntry},`));
    expect(entry).toMatchObject({ createdBy: user.name });
    // Each record is named by its trip number and id, so a search for the trip finds the line.
    expect(entry!.event).toMatch(
      new RegExp(`Posted 1 sales invoice to SAP: TRP-\\d+ \\(#${ok}\\) as DocEntry ${docEntry}, DocNum \\d+`),
    );
    expect(entry!.event).toMatch(
      new RegExp(`1 not posted: TRP-\\d+ \\(#${bad}\\): Business partner 'C10099' is frozen`),
    );

    // Requests refused as a whole are audited too, as are VAS rows queued.
    const refused = await poster.post(PATHS.sales, { postSap: [sale(ok!)] });
    expect(refused.status).toBe(422);
    const [v] = await makeRecords(h, 'vas', 1);
    const queued = await admin.post(PATHS.vas, {
      postSap: [
        {
          vasTransactionId: v,
          sapAccountRevenue: await ledgerId(h, '410200'),
          sapAccountCost: await ledgerId(h, '510200'),
          collectedQuantity: '1',
          postingDate: today,
          orderNumber: 'X',
        },
      ],
    });
    expect(queued.status).toBe(200);
    const after = (await admin.get('/api/v1/audits')).body.data as { event: string; createdBy: string }[];
    expect(
      after.some(
        (a) => a.createdBy === user.name && a.event.includes(`(#${ok}): it has already been posted.`),
      ),
    ).toBe(true);
    const queuedLine = new RegExp(`^Queued 1 VAS transaction for posting to SAP: TRP-\\d+ \\(#${v}\\)$`);
    expect(after.some((a) => queuedLine.test(a.event))).toBe(true);
  });
});
