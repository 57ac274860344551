import { createHmac } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, CSRF_COOKIE } from '@ff/contract';
import { seedFoundation } from '../../bootstrap/seed.js';
import { TRUST_PROXY_TRUE_WARNING } from '../../config/env.js';
import { createTestDatabase } from '../../test/test-database.js';
import { COMMON_PASSWORD_MESSAGE } from '../../lib/passwords.js';
import { sessions } from '../../db/schema.js';
import { createUser } from '../../test/fixtures.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestServer, type TestServer } from '../../test/test-server.js';
import { SESSION_COOKIE } from '../../plugins/session.js';

/** Issue 9: sign-in under attack (findings 3 and 10): throttling, anonymous traffic, the audit log. */
const failedBody = { message: AUTH_MESSAGES.failed, errors: { email: [AUTH_MESSAGES.failed] } };
const THROTTLED = /^Too many login attempts\. Please try again in (\d+) seconds\.$/;

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

type Entry = { event: string; ipAddress: string };
async function auditsAbout(email: string): Promise<Entry[]> {
  const admin = await server.signInAsAdmin();
  const { body } = await admin.get('/api/v1/audits');
  return (body.data as Entry[]).filter((e) => e.event.includes(email));
}

/** The failures an audit entry stands for: 1 for a single failure, N for a window's total. */
const failuresIn = (entries: Entry[], email: string, what: string, single: string) =>
  entries.reduce((sum, e) => {
    if (e.event === `${single} ${email}`) return sum + 1;
    const total = new RegExp(
      `^(\\d+) ${what} for ${email.replace(/[.+]/g, '\\$&')} from this address between `,
    ).exec(e.event);
    return sum + (total ? Number(total[1]) - 1 : 0);
  }, 0);

describe('login throttling holds against parallel requests', () => {
  /*
   * The burst is all wrong passwords. A right one inside it would make the count depend on arrival order: when it
   * is among the first five admitted, its success clears that address's earlier failures (Laravel's rule, see
   * auth.int.test.ts), so up to five more of the burst are evaluated. That needs the password, so it gives an
   * attacker nothing; the right password sent while the lockout holds is refused below instead.
   */
  it('a burst of 20 parallel wrong sign-ins evaluates at most 5 passwords, audits one lockout, and then refuses the right password', async () => {
    const user = await createUser(server, { permissions: [] });
    const clients = Array.from({ length: 20 }, () => server.client({ remoteAddress: '10.60.0.1' }));
    await Promise.all(clients.map((c) => c.csrf()));
    const answers = await Promise.all(
      clients.map((c, i) => c.post('/login', { email: user.email, password: `wrong-${i}` })),
    );
    const evaluated = answers.filter((a) => JSON.stringify(a.body) === JSON.stringify(failedBody));
    const throttled = answers.filter(
      (a) => a.status === 422 && THROTTLED.test(a.body.errors?.email?.[0] ?? ''),
    );
    expect(evaluated.length).toBeLessThanOrEqual(5);
    expect(evaluated.length + throttled.length).toBe(20);
    const right = await clients[12]!.post('/login', { email: user.email, password: user.password });
    expect(right.status).toBe(422);
    expect(right.body.errors.email[0]).toMatch(THROTTLED);
    const audits = await auditsAbout(user.email);
    expect(audits.filter((e) => e.event.startsWith(`Sign-in locked out for ${user.email}`))).toHaveLength(1);
  });
});

describe('successful sign-ins do not count against the limits', () => {
  it('25 sign-ins to one account from many addresses and 35 from one address all succeed', async () => {
    const user = await createUser(server, { permissions: [] });
    for (let i = 0; i < 25; i += 1)
      expect(
        (await server.client({ remoteAddress: `10.63.0.${i + 1}` }).login(user.email, user.password)).status,
      ).toBe(204);
    for (let i = 0; i < 35; i += 1)
      expect(
        (await server.client({ remoteAddress: '10.63.1.1' }).login(user.email, user.password)).status,
      ).toBe(204);
  });
});

describe('anonymous visitors get a stateless CSRF token', () => {
  const sessionRows = async () => (await server.database.db.select({ n: count() }).from(sessions))[0]!.n;

  it('200 cookie-less GET /sanctum/csrf-cookie calls store no session row', async () => {
    const before = await sessionRows();
    for (let i = 0; i < 200; i += 1) {
      const response = await server.client().csrf();
      expect(response.status).toBe(204);
    }
    expect(await sessionRows()).toBe(before);
  });

  it('the spec flow still signs in (csrf-cookie, then POST /login with X-XSRF-TOKEN); a forged or missing token is 419', async () => {
    const client = server.client();
    await client.csrf();
    expect((await client.post('/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(204);
    expect((await client.get('/user')).status).toBe(200);

    const body = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    const visitor = server.client();
    await visitor.csrf();
    expect(await visitor.request({ method: 'POST', url: '/login', body, xsrf: false })).toMatchObject({
      status: 419,
    });
    // A token signed with another key, and another visitor's token, for this visitor's cookie.
    const nonce = visitor.jar.get(SESSION_COOKIE)!.replace(/^anon\./, '');
    const forged = createHmac('sha256', 'y'.repeat(40)).update(nonce).digest('base64url');
    expect(await visitor.post('/login', body, { 'x-xsrf-token': forged })).toMatchObject({
      status: 419,
      body: { message: AUTH_MESSAGES.csrfMismatch },
    });
    const other = server.client();
    await other.csrf();
    expect(await visitor.post('/login', body, { 'x-xsrf-token': other.jar.get(CSRF_COOKIE)! })).toMatchObject(
      { status: 419 },
    );
    // A made-up anonymous cookie with a made-up token.
    const madeUp = server.client();
    madeUp.jar.set(SESSION_COOKIE, `anon.${'A'.repeat(43)}`);
    expect(await madeUp.post('/login', body, { 'x-xsrf-token': 'B'.repeat(43) })).toMatchObject({
      status: 419,
    });
    expect((await visitor.get('/user')).status).toBe(401);
  });
});

describe('repeated anonymous failures are coalesced in the audit log', () => {
  it('20 failed sign-ins from 4 addresses: a bounded number of audit rows that still add up to 20', async () => {
    const user = await createUser(server, { permissions: [] });
    for (let a = 0; a < 4; a += 1) {
      const client = server.client({ remoteAddress: `10.61.0.${a + 1}` });
      for (let i = 0; i < 5; i += 1)
        expect((await client.login(user.email, `wrong-${a}-${i}`)).body).toEqual(failedBody);
    }
    expect(await auditsAbout(user.email)).toHaveLength(4); // the first failure per address, as it happened
    await server.app.services.auth.flushAuditTallies(new Date(Date.now() + 16 * 60_000));
    const entries = await auditsAbout(user.email);
    expect(entries.length).toBeLessThanOrEqual(8);
    expect(failuresIn(entries, user.email, 'failed sign-ins', 'Failed sign-in for')).toBe(20);
  });

  it('20 reset requests for one address: two audit rows, the second with the total', async () => {
    const user = await createUser(server, { permissions: [] });
    const client = server.client({ remoteAddress: '10.62.0.1' });
    await client.csrf();
    for (let i = 0; i < 20; i += 1)
      expect((await client.post('/forgot-password', { email: user.email })).status).toBe(200);
    await server.app.services.mailer.idle();
    await server.app.services.auth.flushAuditTallies(new Date(Date.now() + 16 * 60_000));
    const entries = await auditsAbout(user.email);
    expect(entries.map((e) => e.event)).toEqual(
      expect.arrayContaining([
        `Password reset requested for ${user.email}`,
        expect.stringMatching(/^20 password reset requests for /),
      ]),
    );
    expect(entries).toHaveLength(2);
  });
});

describe('TRUST_PROXY', () => {
  it('warns at start-up when TRUST_PROXY=true lets clients choose their address', async () => {
    const lines: string[] = [];
    const proxied = await createTestServer({
      env: { TRUST_PROXY: 'true' },
      logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
    });
    await proxied.close();
    expect(lines.some((l) => JSON.parse(l).msg === TRUST_PROXY_TRUE_WARNING)).toBe(true);
    expect(TRUST_PROXY_TRUE_WARNING).toContain('X-Forwarded-For');
  });
});

describe('the first administrator password', () => {
  it('a common ADMIN_PASSWORD is refused at the first start with the reason', async () => {
    const database = await createTestDatabase();
    try {
      await expect(
        seedFoundation(database.db, { email: 'admin@example.com', password: '12345678' }, 'k'.repeat(40)),
      ).rejects.toThrow(`ADMIN_PASSWORD is refused: ${COMMON_PASSWORD_MESSAGE}`);
    } finally {
      await database.drop();
    }
  });
});
