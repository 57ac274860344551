import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@ff/contract';
import { buildApp, type App } from '../app.js';
import { seedFoundation } from '../bootstrap/seed.js';
import { loadEnv } from '../config/env.js';
import { rowsOf } from '../db/client.js';
import { createTestDatabase } from '../test/test-database.js';
import { changedTables, tableNames, tableSnapshot } from '../test/db-snapshot.js';
import { createUser, outboxFor, passwordLinkIn, waitFor } from '../test/fixtures.js';
import { startSmtpSink } from '../test/smtp-sink.js';
import { TestClient } from '../test/test-client.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, APP_URL, type TestServer } from '../test/test-server.js';
import { startQueue } from './queue.js';
import { queueSettings } from './queue-settings.js';
import { MAIL_QUEUE, startMailWorker } from './mail.job.js';

/**
 * Issue 9, finding 10: mail leaves the request path through the pg-boss queue (in process, as embedded mode
 * runs it; on Postgres with TEST_DB=postgres). The SMTP server is down at first: requests answer at once,
 * the job retries with backoff, and the mail arrives once the server is back. Nothing is lost.
 */
const APP_KEY = 'm'.repeat(40);
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let queue: PgBoss;
let app: App;
let server: TestServer;
let smtpPort: number;
let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
let knownEmail: string;

/** A port nothing listens on (yet): the SMTP server is "down". */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  smtpPort = await freePort();
  database = await createTestDatabase();
  await seedFoundation(database.db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, APP_KEY);
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_KEY,
    APP_URL,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Freight Finance <no-reply@ff.test>',
  });
  queue = await startQueue(database, { ...queueSettings(env), mailRetryDelaySeconds: 1 }, () => undefined);
  app = await buildApp({ env, database, logger: false, queue });
  await app.ready();
  server = {
    app,
    env,
    database,
    client: (o?: ConstructorParameters<typeof TestClient>[1]) => new TestClient(app, o),
  } as unknown as TestServer;
}, 60_000);
afterAll(async () => {
  await app?.close();
  await queue?.stop({ graceful: false, wait: true, close: false, timeout: 5_000 });
  await sink?.stop();
  await database?.drop();
});

const mailJobs = async () =>
  rowsOf<{ kind: string; email: string | null }>(
    await database.db.execute(
      sql`SELECT data->>'kind' AS kind, data->>'email' AS email FROM pgboss.job WHERE name = ${MAIL_QUEUE}`,
    ),
  );

describe('mail through the queue', () => {
  it('forgot-password does the same work on the request path for a known and an unknown address: it queues a job', async () => {
    const user = await createUser(server, { permissions: [] });
    knownEmail = user.email;
    const tables = await tableNames(database);
    const changedBy = async (email: string) => {
      const client = server.client({ remoteAddress: '10.70.0.1' });
      await client.csrf();
      const before = await tableSnapshot(database, tables);
      const response = await client.post('/forgot-password', { email });
      expect(response).toMatchObject({ status: 200, body: { status: AUTH_MESSAGES.resetLinkSent } });
      return changedTables(before, await tableSnapshot(database, tables)).sort();
    };
    // No mail worker runs yet: what the request itself did is all there is to see.
    const known = await changedBy(user.email);
    const unknown = await changedBy('nobody-known@example.com');
    expect(known).toEqual(unknown);
    expect(known).not.toContain('password_reset_tokens');
    expect(known).not.toContain('mail_queue');
    const jobs = await mailJobs();
    expect(jobs).toEqual(
      expect.arrayContaining([
        { kind: 'password-reset', email: user.email },
        { kind: 'password-reset', email: 'nobody-known@example.com' },
      ]),
    );
  });

  it('with the SMTP server down, the reset mail is retried and arrives once it is back; the invitation too', async () => {
    await startMailWorker(queue, app.services.mailJobs);
    const user = { email: knownEmail };
    // The first attempt fails (nothing listens): the outbox records the failed attempt, the mail stays queued.
    const failed = await waitFor(
      async () => {
        const rows = await outboxFor(server, user.email);
        return rows.find((r) => r.error) ?? null;
      },
      'a failed delivery attempt',
      20_000,
    );
    expect(failed).toMatchObject({ transport: 'smtp', body: null });
    const queued = rowsOf<{ n: number }>(
      await database.db.execute(sql`SELECT count(*)::int AS n FROM mail_queue`),
    )[0]!;
    expect(Number(queued.n)).toBeGreaterThan(0);

    // An administrator invites someone meanwhile: the request answers at once.
    const admin = server.client();
    await admin.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const invited = `invited-${Date.now()}@example.com`;
    expect(
      (
        await admin.post('/api/v1/users', {
          name: 'Invited Person',
          email: invited,
          mobileNo: '+254 700 111222',
          role: 'Administrator',
        })
      ).status,
    ).toBe(201);

    sink = await startSmtpSink({ port: smtpPort });
    const reset = await waitFor(
      async () => sink!.received.find((m) => m.to.includes(user.email)),
      'the reset mail at the SMTP sink',
      30_000,
    );
    expect(reset.subject).toBe('Reset your Freight Finance password');
    expect(passwordLinkIn(reset.text).email).toBe(user.email);
    const invite = await waitFor(
      async () => sink!.received.find((m) => m.to.includes(invited)),
      'the invitation at the SMTP sink',
      30_000,
    );
    expect(invite.subject).toBe('Your Freight Finance account');

    // Nothing left behind, nothing sent twice, and no mail to the unknown address.
    await waitFor(
      async () => {
        const rows = rowsOf<{ n: number }>(
          await database.db.execute(sql`SELECT count(*)::int AS n FROM mail_queue`),
        );
        return Number(rows[0]!.n) === 0;
      },
      'an empty mail_queue',
      10_000,
    );
    expect(sink.received.filter((m) => m.to.includes(user.email))).toHaveLength(1);
    expect(sink.received.filter((m) => m.to.includes('nobody-known@example.com'))).toHaveLength(0);
  });
});
