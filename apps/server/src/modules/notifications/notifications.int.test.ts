import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES, PERMISSIONS } from '@ff/contract';
import { audits, users } from '../../db/schema.js';
import type { Notice } from '../../lib/notices.js';
import { createUser, signedIn } from '../../test/fixtures.js';
import { createTestServer, type TestServer } from '../../test/test-server.js';

/** The bell's routes, the notifier other modules tell users through, and the digest preference (issue 11). */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

const notifier = () => server.app.services.afterPosting.notifier;
const notice = (n: number, extra: Partial<Notice> = {}): Notice => ({
  type: 'posting_failed',
  title: `TRP-2026-00${n} (VAS transaction) could not be posted`,
  body: 'Posting period locked; specify an alternative date',
  link: '/postings?kind=journalVasTransaction&status=failed',
  ...extra,
});
type Listed = { id: number; title: string; readAt: string | null; createdAt: string; link: string | null };

describe('the notifier', () => {
  it('tells each user once per dedupe key, and a permission reaches the active holders only', async () => {
    const holder = await createUser(server, { permissions: [PERMISSIONS.runReconciliation] });
    const disabled = await createUser(server, { permissions: [PERMISSIONS.runReconciliation] });
    await server.database.db.update(users).set({ isActive: false }).where(eq(users.id, disabled.id));
    const other = await createUser(server, { permissions: [PERMISSIONS.viewVasTransactions] });

    const differences = notice(1, {
      type: 'reconciliation_differences',
      title: 'Reconciliation 2026-03-01 to 2026-03-07 found 2 differences',
      body: 'TRP-2026-000001 (cash advance): posted here but missing in SAP.',
      link: '/reconciliation?run=4',
      dedupeKey: 'reconciliation-4',
    });
    await notifier().toPermission(PERMISSIONS.runReconciliation, differences);
    await notifier().toPermission(PERMISSIONS.runReconciliation, differences);
    await notifier().toUsers([other.id, other.id], notice(2, { dedupeKey: 'posting-failed-77' }));
    await notifier().toUsers([other.id], notice(2, { dedupeKey: 'posting-failed-77' }));
    // Unknown users are skipped rather than failing the caller.
    await notifier().toUsers([2_000_000_000], notice(3));

    const titles = async (user: typeof holder) =>
      ((await (await signedIn(server, user)).get('/api/v1/notifications')).body.data as Listed[]).map(
        (n) => n.title,
      );
    expect(await titles(holder)).toEqual([differences.title]);
    expect(await titles(other)).toEqual([notice(2).title]);
    // The administrator's role holds every permission, so it heard of the differences too.
    const admin = await server.signInAsAdmin();
    const adminTitles = ((await admin.get('/api/v1/notifications')).body.data as Listed[]).map(
      (n) => n.title,
    );
    expect(adminTitles.filter((t) => t === differences.title)).toHaveLength(1);
  });
});

describe('the bell', () => {
  it('lists only the own notifications, newest first, counts the unread and marks them read', async () => {
    const me = await createUser(server, { permissions: [] });
    const someoneElse = await createUser(server, { permissions: [] });
    for (const n of [11, 12, 13]) await notifier().toUsers([me.id], notice(n));
    await notifier().toUsers([someoneElse.id], notice(14));
    const client = await signedIn(server, me);

    const listed = await client.get('/api/v1/notifications');
    expect(listed.status).toBe(200);
    const mine = listed.body.data as Listed[];
    expect(mine.map((n) => n.title)).toEqual([notice(13).title, notice(12).title, notice(11).title]);
    expect(mine[0]).toMatchObject({
      type: 'posting_failed',
      body: 'Posting period locked; specify an alternative date',
      link: '/postings?kind=journalVasTransaction&status=failed',
      readAt: null,
    });
    expect(new Date(mine[0]!.createdAt).toISOString()).toBe(mine[0]!.createdAt);
    expect(listed.body.meta).toEqual({ unread: 3 });
    expect((await client.get('/api/v1/notifications/unread-count')).body).toEqual({ data: { unread: 3 } });

    expect((await client.post(`/api/v1/notifications/${mine[1]!.id}/read`)).status).toBe(204);
    expect((await client.post(`/api/v1/notifications/${mine[1]!.id}/read`)).status).toBe(204);
    expect((await client.get('/api/v1/notifications/unread-count')).body.data.unread).toBe(2);
    const unread = await client.get('/api/v1/notifications?unread=1');
    expect((unread.body.data as Listed[]).map((n) => n.title)).toEqual([notice(13).title, notice(11).title]);

    // Someone else's notification is not found, and stays unread for its owner.
    const theirs = (
      (await (await signedIn(server, someoneElse)).get('/api/v1/notifications')).body.data as Listed[]
    )[0]!;
    const refused = await client.post(`/api/v1/notifications/${theirs.id}/read`);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: NOTIFICATION_MESSAGES.notFound });

    expect((await client.post('/api/v1/notifications/read-all')).status).toBe(204);
    expect((await client.get('/api/v1/notifications/unread-count')).body.data.unread).toBe(0);
    expect((await client.get('/api/v1/notifications?unread=1')).body.data).toEqual([]);
    const other = await (await signedIn(server, someoneElse)).get('/api/v1/notifications/unread-count');
    expect(other.body.data.unread).toBe(1);
  });

  it('keeps the e-mail digest choice per user, audited when it changes', async () => {
    const me = await createUser(server, { permissions: [] });
    const client = await signedIn(server, me);
    expect((await client.get('/api/v1/account/notifications')).body).toEqual({ emailDigest: false });
    const put = (emailDigest: unknown) =>
      client.request({ method: 'PUT', url: '/api/v1/account/notifications', body: { emailDigest } });
    expect((await put(true)).body).toEqual({ emailDigest: true });
    expect((await put(true)).status).toBe(200);
    expect((await put('yes')).status).toBe(422);
    expect((await client.get('/api/v1/account/notifications')).body).toEqual({ emailDigest: true });
    const events = await server.database.db
      .select({ event: audits.event })
      .from(audits)
      .where(eq(audits.actorId, me.id))
      .orderBy(desc(audits.id));
    expect(events.map((e) => e.event).filter((e) => e.includes('digest'))).toEqual([
      'Hourly e-mail digest of notifications turned on',
    ]);
  });
});
