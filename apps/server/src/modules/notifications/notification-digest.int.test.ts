import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notice } from '../../lib/notices.js';
import { createUser, outboxFor, signedIn, type TestUser } from '../../test/fixtures.js';
import { APP_URL, createTestServer, type TestServer } from '../../test/test-server.js';

/**
 * The hourly e-mail digest (issue 11): only users who opted in under My Account, only their unread notifications
 * not mailed before, at most one mail an hour. Without SMTP_URL the mailer keeps each mail's text in the outbox.
 */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

const HOUR = 60 * 60_000;
const notifications = () => server.app.services.afterPosting.notifications;
const tell = (user: TestUser, n: number) =>
  server.app.services.afterPosting.notifier.toUsers([user.id], {
    type: 'posting_failed',
    title: `TRP-2026-00${n} (VAS transaction) could not be posted`,
    body: `SAP said no to ${n}`,
    link: `/postings?kind=journalVasTransaction&status=failed&n=${n}`,
  } satisfies Notice);
const optIn = async (user: TestUser) => {
  const client = await signedIn(server, user);
  const saved = await client.request({
    method: 'PUT',
    url: '/api/v1/account/notifications',
    body: { emailDigest: true },
  });
  expect(saved.status).toBe(200);
  return client;
};
const mailsTo = async (user: TestUser) => {
  await server.app.services.mailer.idle();
  return outboxFor(server, user.email);
};

describe('the e-mail digest', () => {
  it('mails opted-in users their unread, unmailed notifications, at most once an hour', async () => {
    const reader = await createUser(server, { permissions: [] });
    const quiet = await createUser(server, { permissions: [] });
    const nothingNew = await createUser(server, { permissions: [] });
    const client = await optIn(reader);
    await optIn(nothingNew);
    await tell(reader, 1);
    await tell(reader, 2);
    await tell(reader, 3);
    await tell(quiet, 4);
    // One of the reader's is read already: it is not in the digest.
    const listed = (await client.get('/api/v1/notifications')).body.data as { id: number; title: string }[];
    const third = listed.find((n) => n.title.startsWith('TRP-2026-003 '))!;
    expect((await client.post(`/api/v1/notifications/${third.id}/read`)).status).toBe(204);

    const start = new Date();
    expect(await notifications().sendDigestsNow(start)).toBe(1);
    const [mail, ...more] = await mailsTo(reader);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ subject: 'Freight Finance: 2 new notifications', transport: 'log' });
    expect(mail!.body).toContain(`Hello ${reader.name},`);
    for (const n of [1, 2]) {
      expect(mail!.body).toContain(`- TRP-2026-00${n} (VAS transaction) could not be posted`);
      expect(mail!.body).toContain(`SAP said no to ${n}`);
      expect(mail!.body).toContain(`${APP_URL}/postings?kind=journalVasTransaction&status=failed&n=${n}`);
    }
    expect(mail!.body).not.toContain('TRP-2026-003');
    expect(await mailsTo(quiet)).toEqual([]);
    expect(await mailsTo(nothingNew)).toEqual([]);
    // Still unread in the bell: the digest only mails them.
    expect((await client.get('/api/v1/notifications/unread-count')).body.data.unread).toBe(2);

    // Something new within the hour waits for the next hour; nothing already mailed is mailed again.
    await tell(reader, 5);
    expect(await notifications().sendDigestsNow(new Date(start.getTime() + 30 * 60_000))).toBe(0);
    expect(await mailsTo(reader)).toHaveLength(1);
    // Two processes at the same time send one mail between them.
    const later = new Date(start.getTime() + HOUR + 60_000);
    const sent = await Promise.all([
      notifications().sendDigestsNow(later),
      notifications().sendDigestsNow(later),
    ]);
    expect(sent[0]! + sent[1]!).toBe(1);
    const [, second, ...rest] = await mailsTo(reader);
    expect(rest).toEqual([]);
    expect(second!.subject).toBe('Freight Finance: 1 new notification');
    expect(second!.body).toContain('TRP-2026-005 (VAS transaction) could not be posted');
    expect(second!.body).not.toContain('TRP-2026-001');

    // Opted out: nothing more is mailed.
    await client.request({
      method: 'PUT',
      url: '/api/v1/account/notifications',
      body: { emailDigest: false },
    });
    await tell(reader, 6);
    expect(await notifications().sendDigestsNow(new Date(start.getTime() + 3 * HOUR))).toBe(0);
    expect(await mailsTo(reader)).toHaveLength(2);
  });
});
