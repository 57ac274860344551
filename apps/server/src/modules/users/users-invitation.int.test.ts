import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PERMISSIONS, USER_ADMIN_MESSAGES } from '@ff/contract';
import { passwordResetTokens } from '../../db/schema.js';
import { createRole, createUser, outboxFor, passwordLinkIn, signedIn, waitFor } from '../../test/fixtures.js';
import type { TestClient } from '../../test/test-client.js';
import type { TestServer } from '../../test/test-server.js';
import { fieldError, newUser, startUsersServer } from '../../test/users-suite.js';

/** Resending an invitation (issue 12): POST /api/v1/users/{id}/invitation. */
let server: TestServer;
let admin: TestClient;
beforeAll(async () => ({ server, admin } = await startUsersServer()));
afterAll(async () => {
  await server.close();
});

/** Makes the user's live link look `seconds` old, as if the minute between two mails had passed. */
const ageLink = (userId: number, seconds: number) =>
  server.database.db
    .update(passwordResetTokens)
    .set({ createdAt: new Date(Date.now() - seconds * 1000) })
    .where(eq(passwordResetTokens.userId, userId));

const mailsTo = async (email: string, count: number) => {
  await waitFor(async () => (await outboxFor(server, email)).length >= count, `${count} mails to ${email}`);
  return outboxFor(server, email);
};

async function setPassword(link: { token: string; email: string }, password = 'Invited-Password-77') {
  const client = server.client();
  await client.csrf();
  return client.post('/reset-password', {
    token: link.token,
    email: link.email,
    password,
    password_confirmation: password,
  });
}

describe('POST /api/v1/users/{id}/invitation', () => {
  it('mails a new set-password link marked as an invitation; the old link stops working, the new one sets the password', async () => {
    const created = (await admin.post('/api/v1/users', newUser())).body as { id: number; email: string };
    const [first] = await mailsTo(created.email, 1);
    const oldLink = passwordLinkIn(first!.body!);
    expect(oldLink.url.searchParams.get('new')).toBe('1');
    expect((await admin.get('/api/v1/users')).body.data).toContainEqual(
      expect.objectContaining({ id: created.id, invitationPending: true }),
    );

    await ageLink(created.id, 61);
    const response = await admin.post(`/api/v1/users/${created.id}/invitation`);
    expect(response).toMatchObject({
      status: 200,
      body: { status: `A new invitation was sent to ${created.email}.` },
    });
    const mails = await mailsTo(created.email, 2);
    const newLink = passwordLinkIn(mails[1]!.body!);
    expect(mails[1]!.subject).toBe('Your Freight Finance account');
    expect(newLink.url.searchParams.get('new')).toBe('1');
    expect(newLink.token).not.toBe(oldLink.token);

    expect(await setPassword(oldLink)).toMatchObject({
      status: 422,
      body: fieldError('email', AUTH_MESSAGES.resetTokenInvalid),
    });
    // An invitation's link sets a first password, and says so (issue 26, item 14).
    expect(await setPassword(newLink)).toMatchObject({
      status: 200,
      body: { status: AUTH_MESSAGES.passwordSet },
    });
    expect((await server.client().login(created.email, 'Invited-Password-77')).status).toBe(204);
    expect((await admin.get('/api/v1/users')).body.data).toContainEqual(
      expect.objectContaining({ id: created.id, invitationPending: false }),
    );
    const events = (await admin.get('/api/v1/audits')).body.data as { event: string; createdBy: string }[];
    expect(events).toContainEqual(
      expect.objectContaining({
        event: expect.stringMatching(new RegExp(`^Resent the invitation to .+ \\(${created.email}\\)$`)),
        createdBy: 'Administrator',
      }),
    );
  });

  it('sends at most one invitation a minute per user: 429 saying how long to wait', async () => {
    const created = (await admin.post('/api/v1/users', newUser())).body as { id: number; email: string };
    const soon = await admin.post(`/api/v1/users/${created.id}/invitation`);
    expect(soon.status).toBe(429);
    expect(soon.body.message).toMatch(
      /^An invitation was sent to this user less than a minute ago\. Please try again in \d+ seconds\.$/,
    );
    await ageLink(created.id, 61);
    // Two at once: one is sent, the other waits its minute.
    const both = await Promise.all([
      admin.post(`/api/v1/users/${created.id}/invitation`),
      admin.post(`/api/v1/users/${created.id}/invitation`),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 429]);
    expect(await mailsTo(created.email, 2)).toHaveLength(2);
  });

  it('answers 422 for a user who has set a password or is disabled, 404 for an unknown one', async () => {
    const active = await createUser(server, { permissions: [] });
    expect(await admin.post(`/api/v1/users/${active.id}/invitation`)).toMatchObject({
      status: 422,
      body: fieldError('user', USER_ADMIN_MESSAGES.passwordAlreadySet),
    });
    const created = (await admin.post('/api/v1/users', newUser())).body as { id: number };
    await admin.patch(`/api/v1/toggleUser/${created.id}`, { toggleStatus: false });
    await ageLink(created.id, 61);
    expect(await admin.post(`/api/v1/users/${created.id}/invitation`)).toMatchObject({
      status: 422,
      body: fieldError('user', USER_ADMIN_MESSAGES.invitationDisabledUser),
    });
    expect(await admin.post('/api/v1/users/999999/invitation')).toMatchObject({
      status: 404,
      body: { message: 'The user does not exist.' },
    });
  });

  it('answers 403 without Manage Users, and to a manager lacking what the user holds', async () => {
    const created = (await admin.post('/api/v1/users', newUser())).body as { id: number };
    await ageLink(created.id, 61);
    const outsider = await signedIn(
      server,
      await createUser(server, { permissions: [PERMISSIONS.manageRoles] }),
    );
    const refused = await outsider.post(`/api/v1/users/${created.id}/invitation`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('"Manage Users"');

    const auditor = await createRole(server, [PERMISSIONS.viewAuditLogs]);
    const invited = (await admin.post('/api/v1/users', newUser({ role: auditor.name }))).body as {
      id: number;
      name: string;
    };
    await ageLink(invited.id, 61);
    const manager = await signedIn(
      server,
      await createUser(server, { permissions: [PERMISSIONS.manageUsers] }),
    );
    expect(await manager.post(`/api/v1/users/${invited.id}/invitation`)).toMatchObject({
      status: 403,
      body: {
        message: `You cannot invite ${invited.name}: their role ${auditor.name} holds permissions you do not have (View Audit Logs).`,
      },
    });
  });
});
