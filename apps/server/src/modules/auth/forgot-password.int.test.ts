import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, outboxFor, passwordLinkIn, waitFor } from '../../test/fixtures.js';
import { NEW_PASSWORD, passwordResetFlow, RESET_LINK_SENT } from '../../test/password-reset-flow.js';
import { startSmtpSink } from '../../test/smtp-sink.js';
import { APP_URL, createTestServer, type TestServer } from '../../test/test-server.js';

/** Asking for a password link, and the mail that brings it (setting the password: password-reset.int.test.ts). */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

const { anonymous, requestLink, reset } = passwordResetFlow(() => server);

describe('POST /forgot-password', () => {
  it('answers the same 200 for a known and an unknown e-mail, and mails only the known one', async () => {
    const user = await createUser(server, { permissions: [] });
    const known = await (await anonymous()).post('/forgot-password', { email: user.email });
    const unknown = await (await anonymous()).post('/forgot-password', { email: 'nobody-here@example.com' });
    expect(known).toMatchObject({ status: 200, body: RESET_LINK_SENT });
    expect(unknown.status).toBe(200);
    expect(unknown.text).toBe(known.text);
    expect(known.headers['referrer-policy']).toBe('no-referrer');
    await waitFor(async () => (await outboxFor(server, user.email)).length === 1, 'the reset mail');
    expect(await outboxFor(server, 'nobody-here@example.com')).toEqual([]);
  });

  it('mails APP_URL/password-reset/{token}?email={encoded e-mail} to the outbox when SMTP_URL is not set', async () => {
    const user = await createUser(server, { permissions: [], email: `first+tag-${Date.now()}@example.com` });
    const link = await requestLink(user);
    const [mail] = await outboxFor(server, user.email);
    expect(mail).toMatchObject({
      transport: 'log',
      subject: 'Reset your Freight Finance password',
      error: null,
    });
    expect(mail!.body).toContain(
      `${APP_URL}/password-reset/${link.token}?email=${encodeURIComponent(user.email)}`,
    );
    expect(link.url.search).toBe(`?email=${encodeURIComponent(user.email)}`);
    expect(link.email).toBe(user.email);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
  });

  it('sends at most one mail per account per minute, and the first link stays valid', async () => {
    const user = await createUser(server, { permissions: [] });
    const link = await requestLink(user);
    expect(await (await anonymous()).post('/forgot-password', { email: user.email })).toMatchObject({
      status: 200,
      body: RESET_LINK_SENT,
    });
    // A second user's mail, asked for afterwards, arrives; the first user still has exactly one.
    await requestLink(await createUser(server, { permissions: [] }));
    expect(await outboxFor(server, user.email)).toHaveLength(1);
    expect((await reset(link)).status).toBe(200);
  });

  it('does not mail a disabled account, but answers the same', async () => {
    const user = await createUser(server, { permissions: [] });
    await server.app.services.users.setActive(user.id, false, {
      actor: { id: null, name: 'System' },
      ip: '127.0.0.1',
    });
    expect(await (await anonymous()).post('/forgot-password', { email: user.email })).toMatchObject({
      status: 200,
      body: RESET_LINK_SENT,
    });
    await requestLink(await createUser(server, { permissions: [] }));
    expect(await outboxFor(server, user.email)).toEqual([]);
  });

  it('answers 422 for a malformed e-mail', async () => {
    const response = await (await anonymous()).post('/forgot-password', { email: 'no-at-sign' });
    expect(response).toMatchObject({
      status: 422,
      body: { message: 'Invalid email', errors: { email: ['Invalid email'] } },
    });
  });
});

describe('mail over SMTP', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let smtpServer: TestServer;
  beforeAll(async () => {
    sink = await startSmtpSink();
    smtpServer = await createTestServer({
      env: { SMTP_URL: sink.url, MAIL_FROM: 'Freight Finance <no-reply@ff.test>' },
    });
  });
  afterAll(async () => {
    await smtpServer?.close();
    await sink?.stop();
  });

  it('delivers the reset link through the SMTP server named by SMTP_URL', async () => {
    const user = await createUser(smtpServer, { permissions: [] });
    const client = smtpServer.client();
    await client.csrf();
    expect(await client.post('/forgot-password', { email: user.email })).toMatchObject({
      status: 200,
      body: RESET_LINK_SENT,
    });
    const mail = await waitFor(
      async () => sink.received.find((m) => m.to.includes(user.email)),
      'the mail at the SMTP sink',
    );
    expect(mail.from).toBe('no-reply@ff.test');
    expect(mail.subject).toBe('Reset your Freight Finance password');
    const link = passwordLinkIn(mail.text);
    expect(link.url.origin + link.url.pathname).toBe(`${APP_URL}/password-reset/${link.token}`);
    expect(link.email).toBe(user.email);
    // The outbox records that it left, without keeping the link.
    const [row] = await waitFor(async () => {
      const rows = await outboxFor(smtpServer, user.email);
      return rows.length > 0 && rows;
    }, 'the outbox row');
    expect(row).toMatchObject({ transport: 'smtp', body: null, error: null });

    const resetClient = smtpServer.client();
    await resetClient.csrf();
    const response = await resetClient.post('/reset-password', {
      token: link.token,
      email: link.email,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(response.status).toBe(200);
    expect((await smtpServer.client().login(user.email, NEW_PASSWORD)).status).toBe(204);
  });
});
