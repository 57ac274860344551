import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_EVENT_TYPES, AUTH_MESSAGES, PERMISSIONS } from '@ff/contract';
import { createUser, query, signedIn, sql, type TestUser } from '../../test/fixtures.js';
import { importRecords, recordRows, type PostingHarness } from '../../test/posting-harness.js';
import { PATHS, sale, startRecordsHarness } from '../../test/records-suite.js';
import type { TestClient } from '../../test/test-client.js';

/**
 * The audit log's filters (issue 12): by user, by event type, a search that covers trip numbers, and paging,
 * beside the spec's plain `GET /audits` (fromDate, toDate -> the full array).
 */
type Entry = { id: number; createdAt: string; event: string; createdBy: string; ipAddress: string };

let h: PostingHarness;
let admin: TestClient;
let amina: TestUser;
let brian: TestUser;
beforeAll(async () => {
  ({ h, admin } = await startRecordsHarness());
  amina = await createUser(h.server, { permissions: [], name: 'Amina Filter' });
  brian = await createUser(h.server, { permissions: [], name: 'Brian Filter' });
  await signedIn(h.server, amina, { remoteAddress: '10.77.0.1' });
  await signedIn(h.server, brian, { remoteAddress: '10.77.0.2' });
  await h.client({ remoteAddress: '10.77.0.3' }).login(brian.email, 'wrong-password');
}, 120_000);
afterAll(() => h?.close());

const log = async (params: Record<string, string | number> = {}) => {
  const search = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  );
  const response = await admin.get(`/api/v1/audits${search.size ? `?${search}` : ''}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { data: Entry[]; meta?: { total: number; page: number; perPage: number } };
};
const events = (entries: Entry[]) => entries.map((e) => e.event);
const storedCount = async () =>
  Number((await query<{ n: string }>(h.server, sql`SELECT count(*) AS n FROM audits`))[0]!.n);

describe('GET /api/v1/audits with filters', () => {
  it('without a new parameter still answers the full array of the spec, newest first', async () => {
    const body = await log();
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data).toHaveLength(await storedCount());
    expect(body.data.map((e) => e.id)).toEqual([...body.data.map((e) => e.id)].sort((a, b) => b - a));
    // The seconds are sent: the screen shows them.
    expect(body.data[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("filters by user: the user's own events, and none of anyone else's", async () => {
    const { data } = await log({ userId: amina.id });
    expect(events(data)).toContain(`Signed in: ${amina.email}`);
    expect(data.every((e) => e.createdBy === amina.name)).toBe(true);
    const brians = events((await log({ userId: brian.id })).data);
    // A failed sign-in on Brian's account is his account's event (written under the e-mail typed).
    expect(brians).toEqual(
      expect.arrayContaining([`Signed in: ${brian.email}`, `Failed sign-in for ${brian.email}`]),
    );
    expect(brians).not.toContain(`Signed in: ${amina.email}`);
  });

  it('filters by event type, each event in exactly one type', async () => {
    const signIns = events((await log({ event: 'Sign-in and sign-out' })).data);
    expect(signIns).toEqual(
      expect.arrayContaining([`Signed in: ${amina.email}`, `Failed sign-in for ${brian.email}`]),
    );
    expect(signIns.some((e) => e.startsWith('Created '))).toBe(false);
    const userEvents = events((await log({ event: 'Users' })).data);
    expect(userEvents.some((e) => e.startsWith('Created the first administrator'))).toBe(true);
    expect(userEvents.some((e) => e.startsWith('Signed in'))).toBe(false);
    expect(events((await log({ event: 'Audit chain' })).data)).toEqual([
      'Audit chain: keyed epoch started (HMAC-SHA-256)',
    ]);

    const totals = await Promise.all(
      AUDIT_EVENT_TYPES.map(async (event) => (await log({ event, perPage: 1 })).meta!.total),
    );
    expect(totals.reduce((a, b) => a + b, 0)).toBe(await storedCount());
  });

  it('sorts the wording of every module into its type', async () => {
    const m = `zq${Date.now()}`;
    const samples: [string, string][] = [
      [`Posted 2 sales invoices to SAP: TRP-${m} (#5) as DocEntry 1, DocNum 2`, 'Posting to SAP'],
      [`1 not posted: TRP-${m} (#6): it has already been posted.`, 'Posting to SAP'],
      [`Queued 1 VAS transaction for posting to SAP: TRP-${m} (#7)`, 'Posting to SAP'],
      [`VAS transaction #8 could not be posted from the queue: ${m}`, 'Posting to SAP'],
      [`Interrupted posting of cash advance #9 found in SAP (${m}); marked posted`, 'Posting to SAP'],
      [
        `Interrupted posting of TRP-${m} (cash advance record #9) not found in SAP; back in its list as failed`,
        'Posting to SAP',
      ],
      [`Reversed TRP-${m} (cash advance record) DocEntry 1, DocNum 2 in SAP: wrong amount`, 'Reversals'],
      [`Reversal of TRP-${m} (sales invoice) failed: Posting period locked`, 'Reversals'],
      [`Started a reconciliation of 2026-11-01 to 2026-11-07 (${m})`, 'Reconciliation'],
      [`Adopted SAP document DocEntry 7 for TRP-${m} (cash advance record)`, 'Reconciliation'],
      [`Imported 3 sales invoices ${m} (3 received)`, 'Imports'],
      [
        `Tested the SAP connection (company ${m}, user manager): SAP refused the login`,
        'SAP connection settings',
      ],
      [`Created API token "${m}"`, 'API tokens'],
      [`Two-factor sign-in turned on for ${m}@example.com`, 'Two-factor sign-in'],
      [`Signed in: ${m}@example.com (with a recovery code)`, 'Two-factor sign-in'],
      [`Signed out all other sessions of ${m}@example.com (2 ended)`, 'Sessions'],
      [`Signed out: ${m}@example.com`, 'Sign-in and sign-out'],
      [`3 failed sign-ins for ${m}@example.com from this address`, 'Sign-in and sign-out'],
      [`Refused sign-in for ${m}@example.com: account disabled`, 'Sign-in and sign-out'],
      [`Password changed by ${m}@example.com; 1 other session ended`, 'Passwords'],
      [`Changed the permissions of role ${m}: added Post Loss`, 'Roles and permissions'],
      [`Disabled role ${m}`, 'Roles and permissions'],
      [`Created user Jo ${m} (jo@example.com) with role Clerks`, 'Users'],
      [`Resent the invitation to Jo ${m} (jo@example.com)`, 'Users'],
      [`Updated own profile (${m}@example.com): name "Jo"`, 'Users'],
      [`Something new happened ${m}`, 'Other'],
    ];
    for (const [event] of samples)
      await h.app.services.audit.record({ actor: { id: null, name: 'Type test' }, ip: '10.0.0.1' }, event);
    for (const type of AUDIT_EVENT_TYPES) {
      const expected = samples.filter(([, t]) => t === type).map(([event]) => event);
      const found = events((await log({ event: type, search: m })).data);
      expect(found.sort(), type).toEqual(expected.sort());
    }
  });

  it('searches case-insensitively over the event, the user and the address; % and _ are plain text', async () => {
    expect(events((await log({ search: amina.email.toUpperCase() })).data)).toContain(
      `Signed in: ${amina.email}`,
    );
    expect(
      (await log({ search: 'amina filter' })).data.every((e) => /amina filter/i.test(e.createdBy + e.event)),
    ).toBe(true);
    expect((await log({ search: 'amina filter' })).data.length).toBeGreaterThan(0);
    expect((await log({ search: '10.77.0.3' })).data.map((e) => e.ipAddress)).toEqual(
      expect.arrayContaining(['10.77.0.3']),
    );
    expect((await log({ search: '%' })).data).toEqual([]);
    expect((await log({ search: '   ' })).data).toHaveLength(await storedCount());
  });

  it('combines the filters: user, event type, search and dates', async () => {
    const { data } = await log({ userId: brian.id, event: 'Sign-in and sign-out', search: 'failed' });
    expect(events(data)).toEqual([`Failed sign-in for ${brian.email}`]);
    expect(
      (await log({ userId: brian.id, event: 'Sign-in and sign-out', fromDate: '2099-01-01' })).data,
    ).toEqual([]);
    expect((await log({ userId: amina.id, event: 'Users' })).data).toEqual([]);
  });

  it('finds the posting of a trip by its number: the line names the trip and the kind', async () => {
    const trip = `TRP-2026-${String(Date.now()).slice(-6)}`;
    const [id] = await importRecords(h, 'sales', [recordRows.sales({ tripNumber: trip })]);
    const posted = await admin.post(PATHS.sales, { postSap: [sale(id!)] });
    expect(posted.status).toBe(200);
    const docEntry = posted.body.posted[0].sapDocEntry as number;

    const { data } = await log({ search: trip.toLowerCase() });
    expect(events(data)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Posted 1 sales invoice to SAP: ${trip} \\(#${id}\\) as DocEntry ${docEntry}, DocNum \\d+$`,
        ),
      ),
    ]);
    expect(data[0]!.createdBy).toBe('Administrator');
    // Posting it again is refused, and that refusal names the trip too.
    expect((await admin.post(PATHS.sales, { postSap: [sale(id!)] })).status).toBe(422);
    const both = (await log({ search: trip, event: 'Posting to SAP' })).data;
    expect(events(both)[0]).toBe(`1 not posted: ${trip} (#${id}): it has already been posted.`);
    expect(both).toHaveLength(2);
  });

  it('pages with page and perPage: the rows of the page and the total on every page', async () => {
    const total = await storedCount();
    const all = (await log()).data;
    const first = await log({ page: 1, perPage: 3 });
    expect(first.meta).toEqual({ total, page: 1, perPage: 3 });
    expect(first.data).toEqual(all.slice(0, 3));
    const second = await log({ page: 2, perPage: 3 });
    expect(second.data).toEqual(all.slice(3, 6));
    expect((await log({ perPage: 2 })).meta).toEqual({ total, page: 1, perPage: 2 });
    expect((await log({ page: 2 })).meta).toEqual({ total, page: 2, perPage: 100 });
    const beyond = await log({ page: 1000, perPage: 500 });
    expect(beyond).toEqual({ data: [], meta: { total, page: 1000, perPage: 500 } });
    const filtered = await log({ userId: amina.id, perPage: 1 });
    expect(filtered.meta!.total).toBe((await log({ userId: amina.id })).data.length);
  });

  it('sorts by a column on request, ties newest first; the default is newest first', async () => {
    // Orders on which every collation agrees (PostgreSQL's may differ from PGlite's on case and punctuation).
    const byUser = (await log({ sort: 'createdBy', search: ' filter' })).data.map((e) => e.createdBy);
    expect(byUser.length).toBeGreaterThan(1);
    expect(byUser).toEqual([...byUser].sort());
    expect(byUser[0]).toBe(amina.name);
    const brians = (await log({ sort: 'event:desc', userId: brian.id })).data.map((e) => e.event);
    expect(brians.indexOf(`Signed in: ${brian.email}`)).toBeLessThan(
      brians.indexOf(`Failed sign-in for ${brian.email}`),
    );
    expect((await log({ sort: 'event', userId: brian.id })).data.map((e) => e.event)).toEqual(
      [...brians].reverse(),
    );
    // Natural and case-insensitive, as the table sorts in the browser.
    const m = `nat${Date.now()}`;
    for (const event of [`${m} item 10`, `${m} Item 9`, `${m} item 100`, `${m} item 2`])
      await h.app.services.audit.record({ actor: { id: null, name: 'Sort test' }, ip: '10.0.0.1' }, event);
    expect(events((await log({ sort: 'event', search: m })).data)).toEqual([
      `${m} item 2`,
      `${m} Item 9`,
      `${m} item 10`,
      `${m} item 100`,
    ]);
    const oldestFirst = (await log({ sort: 'createdAt:asc', perPage: 3 })).data;
    expect(oldestFirst[0]!.event).toBe('Audit chain: keyed epoch started (HMAC-SHA-256)');
  });

  it('answers 422 naming the parameter for values it cannot use', async () => {
    const cases: [string, string][] = [
      ['userId=abc', 'userId'],
      ['userId=0', 'userId'],
      ['event=Lunch', 'event'],
      ['page=0', 'page'],
      ['perPage=501', 'perPage'],
      ['perPage=1.5', 'perPage'],
      ['sort=amount', 'sort'],
      ['sort=event:sideways', 'sort'],
      [`search=${'x'.repeat(101)}`, 'search'],
      ['fromDate=2025-02-30', 'fromDate'],
      ['fromDate=2025-03-02&toDate=2025-03-01', 'toDate'],
    ];
    for (const [params, field] of cases) {
      const response = await admin.get(`/api/v1/audits?${params}`);
      expect(response.status, params).toBe(422);
      expect(Object.keys(response.body.errors), params).toContain(field);
    }
    expect((await admin.get('/api/v1/audits?event=Lunch')).body.errors.event[0]).toContain(
      'The event type must be one of: Reversals, Posting to SAP, Reconciliation',
    );
  });

  it('lists the event types and the users for the filters, to holders of View Audit Logs only', async () => {
    expect((await admin.get('/api/v1/audits/event-types')).body).toEqual({ data: [...AUDIT_EVENT_TYPES] });
    const actors = (await admin.get('/api/v1/audits/actors')).body.data as { id: number; name: string }[];
    expect(actors).toEqual(
      expect.arrayContaining([
        { id: amina.id, name: amina.name },
        { id: brian.id, name: brian.name },
      ]),
    );
    expect(actors.map((a) => a.name)).toEqual(
      [...actors.map((a) => a.name)].sort((a, b) => a.localeCompare(b)),
    );

    const clerk = await signedIn(
      h.server,
      await createUser(h.server, { permissions: [PERMISSIONS.manageUsers, PERMISSIONS.manageRoles] }),
    );
    const auditor = await signedIn(
      h.server,
      await createUser(h.server, { permissions: [PERMISSIONS.viewAuditLogs] }),
    );
    const anonymous = h.client();
    for (const path of ['/api/v1/audits?userId=1', '/api/v1/audits/event-types', '/api/v1/audits/actors']) {
      const denied = await clerk.get(path);
      expect(denied.status, path).toBe(403);
      expect(denied.body.message).toContain('"View Audit Logs"');
      expect((await auditor.get(path)).status, path).toBe(200);
      expect(await anonymous.get(path)).toMatchObject({
        status: 401,
        body: { message: AUTH_MESSAGES.unauthenticated },
      });
    }
  });

  it('leaves the hash chain intact', async () => {
    expect((await h.app.services.audit.verify()).broken).toBeUndefined();
  });
});
