import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits } from '../../db/schema.js';
import { createUser, signedIn } from '../../test/fixtures.js';
import {
  expectNotInSap,
  expectPostedOnce,
  importRecords,
  keyOf,
  recordRows,
  simConfig,
  storedRow,
  type PostingHarness,
} from '../../test/posting-harness.js';
import { rowFailureOf } from '../../test/record-names.js';
import { PATHS, sale, startRecordsHarness } from '../../test/records-suite.js';
import type { TestClient } from '../../test/test-client.js';

/**
 * Settings > Posting defaults (issue 25): an administrator's default VAT group, the third choice of a sales
 * invoice line's VAT group (the record's, else its customer's in SAP, else the default, else none). Only groups
 * SAP has, active, for sales can be saved; one SAP disables afterwards is refused before SAP, naming the trip.
 */
let h: PostingHarness;
let admin: TestClient;
beforeAll(async () => {
  ({ h, admin } = await startRecordsHarness());
}, 120_000);
afterAll(() => h?.close());

const URL = '/api/v1/settings/posting-defaults';
const saveDefault = (vatGroup: string | null, client = admin) =>
  client.request({ method: 'PUT', url: URL, body: { vatGroup } });
const customerVat = (cardCode: string, vatGroup: string | null) =>
  h.sim.control('/__sim/business-partners', { CardCode: cardCode, VatGroup: vatGroup });
const lastAudit = async () =>
  (await h.database.db.select().from(audits).orderBy(desc(audits.id)).limit(1))[0]!.event;

/** The defaults as saved: the VAT group, and the confirmation rule at its default (50 rows, no amount). */
const defaults = (vatGroup: string | null) => ({ vatGroup, confirmAboveRows: 50, confirmAboveAmount: null });

describe('Settings > Posting defaults', () => {
  it("lists SAP's active sales VAT groups with their names and today's rates", async () => {
    // A group whose rate changes in the future: today's rate is the one shown.
    await h.sim.control('/__sim/vat-groups', {
      Code: 'O8',
      Name: 'Output VAT 8% (petroleum)',
      Category: 'bovcOutputTax',
      VatGroups_Lines: [
        { Effectivefrom: '2020-01-01', Rate: 8 },
        { Effectivefrom: '2099-01-01', Rate: 10 },
      ],
    });
    const response = await admin.get('/api/v1/settings/vat-groups');
    expect(response.status).toBe(200);
    // Not O2 (inactive), I1 and I0 (purchases).
    expect(response.body.data).toEqual([
      { code: 'E', name: 'Exempt supplies', rate: 0 },
      { code: 'O0', name: 'Output VAT 0% (zero-rated: transit, exports)', rate: 0 },
      { code: 'O1', name: 'Output VAT 16%', rate: 16 },
      { code: 'O8', name: 'Output VAT 8% (petroleum)', rate: 8 },
    ]);
  });

  it('saves a default VAT group, audited; refuses one SAP would refuse, with the reason on the field', async () => {
    expect((await admin.get(URL)).body.data).toEqual(defaults(null));
    const saved = await saveDefault('O0');
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ message: 'Posting defaults saved.', data: defaults('O0') });
    expect((await admin.get(URL)).body.data).toEqual(defaults('O0'));
    expect(await lastAudit()).toBe('Updated the posting defaults: default VAT group O0 (was none)');

    const refusals = {
      O2: 'The VAT group O2 is inactive in SAP.',
      I1: 'The VAT group I1 is not a sales (output) VAT group in SAP.',
      XX: 'The VAT group XX does not exist in SAP.',
    };
    for (const [code, message] of Object.entries(refusals)) {
      const refused = await saveDefault(code);
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ message, errors: { vatGroup: [message] } });
    }
    // Nothing of that was saved or audited.
    expect((await admin.get(URL)).body.data).toEqual(defaults('O0'));
    expect(await lastAudit()).toBe('Updated the posting defaults: default VAT group O0 (was none)');
  });

  it('is for Manage Settings holders only', async () => {
    const clerk = await signedIn(
      h.server,
      await createUser(h.server, { permissions: ['View Sales Invoices', 'Post Sales Invoices'] }),
    );
    expect((await clerk.get(URL)).status).toBe(403);
    expect((await clerk.get('/api/v1/settings/vat-groups')).status).toBe(403);
    expect((await saveDefault('O1', clerk)).status).toBe(403);
    expect((await admin.get(URL)).body.data).toEqual(defaults('O0'));
  });

  it('answers 503 and saves nothing while SAP cannot list its VAT groups; clearing the default needs no SAP', async () => {
    await simConfig(h.sim, { errorRate: 1 });
    try {
      const list = await admin.get('/api/v1/settings/vat-groups');
      expect(list.status).toBe(503);
      expect(list.body.message).toMatch(/^SAP's VAT groups could not be read: .+\. Try again in a moment\.$/);
      const save = await saveDefault('O1');
      expect(save.status).toBe(503);
      expect(save.body.message).toMatch(
        /^SAP's VAT groups could not be read: .+\. The default VAT group was not saved: try again in a moment\.$/,
      );
      expect((await admin.get(URL)).body.data).toEqual(defaults('O0'));
      expect((await saveDefault(null)).status).toBe(200);
    } finally {
      await simConfig(h.sim, { errorRate: 0 });
    }
    expect(await lastAudit()).toBe('Updated the posting defaults: default VAT group none (was O0)');
    expect((await saveDefault('O0')).status).toBe(200);
  });
});

describe('the default VAT group on sales invoices', () => {
  it("is used when neither the record nor its customer has one; the record's and the customer's own still win", async () => {
    expect((await saveDefault('O0')).status).toBe(200);
    const [plain, own, customers] = await importRecords(h, 'sales', [
      recordRows.sales({ customerCode: 'C10003', amount: '1000.00' }),
      recordRows.sales({ customerCode: 'C10003', amount: '1000.00', vatGroup: 'O1' }),
      recordRows.sales({ customerCode: 'C10004', amount: '1000.00' }),
    ]);
    await customerVat('C10004', 'E');
    try {
      const response = await admin.post(PATHS.sales, {
        postSap: [sale(plain!), sale(own!), sale(customers!)],
      });
      expect(response.status).toBe(200);
    } finally {
      await customerVat('C10004', null);
    }
    const [zeroRated, sixteen, exempt] = await expectPostedOnce(h.sim, [
      keyOf('SI', plain!),
      keyOf('SI', own!),
      keyOf('SI', customers!),
    ]);
    expect(zeroRated!.DocumentLines[0]).toMatchObject({ VatGroup: 'O0', LineTotal: 1000 });
    expect(zeroRated).toMatchObject({ VatSum: 0, DocTotal: 1000 });
    expect(sixteen!.DocumentLines[0]).toMatchObject({ VatGroup: 'O1' });
    expect(sixteen).toMatchObject({ VatSum: 160, DocTotal: 1160 });
    expect(exempt!.DocumentLines[0]).toMatchObject({ VatGroup: 'E' });
  });

  it('without a default the invoice goes without a VAT group, as the spec says', async () => {
    expect((await saveDefault(null)).status).toBe(200);
    const [id] = await importRecords(h, 'sales', [
      recordRows.sales({ customerCode: 'C10003', amount: '700.00' }),
    ]);
    expect((await admin.post(PATHS.sales, { postSap: [sale(id!)] })).status).toBe(200);
    const [doc] = await expectPostedOnce(h.sim, [keyOf('SI', id!)]);
    expect(doc!.DocumentLines[0].VatGroup ?? null).toBeNull();
    expect(doc).toMatchObject({ DocTotal: 700 });
  });

  it('refuses, before SAP, a default SAP has disabled since it was saved, naming the trip and the setting', async () => {
    const group = { Code: 'O7', Name: 'Output VAT 7%', Category: 'bovcOutputTax' };
    await h.sim.control('/__sim/vat-groups', {
      ...group,
      VatGroups_Lines: [{ Effectivefrom: '2020-01-01', Rate: 7 }],
    });
    expect((await saveDefault('O7')).status).toBe(200);
    await h.sim.control('/__sim/vat-groups', { Code: 'O7', Inactive: 'tYES' });
    const [id] = await importRecords(h, 'sales', [recordRows.sales({ customerCode: 'C10003' })]);
    const response = await admin.post(PATHS.sales, { postSap: [sale(id!)] });
    expect(response.status).toBe(422);
    expect(response.body.failed).toEqual([
      await rowFailureOf(
        h,
        'salesInvoice',
        id!,
        'the default VAT group O7 (Settings > Posting defaults) is inactive in SAP.',
      ),
    ]);
    await expectNotInSap(h.sim, [keyOf('SI', id!)]);
    expect(await storedRow(h, 'sales', id!)).toMatchObject({ status: 'unposted' });
  });
});

describe('confirm before posting (issue 26)', () => {
  const RULE_URL = '/api/v1/settings/post-confirmation';
  const put = (body: object, client = admin) => client.request({ method: 'PUT', url: URL, body });

  it('is 50 rows and no amount by default, read by every signed-in user; an administrator changes it, audited', async () => {
    const clerk = await signedIn(
      h.server,
      await createUser(h.server, { permissions: ['View Cash Advances', 'Post Cash Advances'] }),
    );
    const read = async () => (await clerk.get(RULE_URL)).body;
    expect(await read()).toEqual({ data: { confirmAboveRows: 50, confirmAboveAmount: null } });
    expect((await h.client().get(RULE_URL)).status).toBe(401);

    const vatGroup = (await admin.get(URL)).body.data.vatGroup as string | null;
    const saved = await put({ vatGroup, confirmAboveRows: 20, confirmAboveAmount: '1500000.5' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ confirmAboveRows: 20, confirmAboveAmount: '1500000.50' });
    expect(await read()).toEqual({ data: { confirmAboveRows: 20, confirmAboveAmount: '1500000.50' } });
    expect(await lastAudit()).toBe(
      `Updated the posting defaults: default VAT group ${vatGroup ?? 'none'} (was ${vatGroup ?? 'none'}); confirm posts of more than 20 rows or totalling more than 1500000.50 (was more than 50 rows)`,
    );
    // A client of issue 25 sends only the VAT group: the rule stays.
    expect((await put({ vatGroup })).status).toBe(200);
    expect(await read()).toEqual({ data: { confirmAboveRows: 20, confirmAboveAmount: '1500000.50' } });
    // The clerk cannot change it.
    expect((await put({ vatGroup, confirmAboveRows: 5000 }, clerk)).status).toBe(403);

    const refusals: [object, string, string][] = [
      [
        { confirmAboveRows: 0 },
        'confirmAboveRows',
        'The number of rows must be a whole number from 1 to 100,000.',
      ],
      [
        { confirmAboveRows: 2.5 },
        'confirmAboveRows',
        'The number of rows must be a whole number from 1 to 100,000.',
      ],
      [{ confirmAboveAmount: '-5' }, 'confirmAboveAmount', 'The amount cannot be negative.'],
    ];
    for (const [body, field, message] of refusals) {
      const refused = await put({ vatGroup, ...body });
      expect(refused.status).toBe(422);
      expect(refused.body.errors[field]).toEqual([message]);
    }
    // Back to the default, without an amount rule.
    expect((await put({ vatGroup, confirmAboveRows: 50, confirmAboveAmount: null })).status).toBe(200);
    expect(await read()).toEqual({ data: { confirmAboveRows: 50, confirmAboveAmount: null } });
  });
});
