import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedIn } from '../../test/fixtures.js';
import type { TestClient } from '../../test/test-client.js';
import type { TestServer } from '../../test/test-server.js';
import { CLERK_ROLE, startUsersServer } from '../../test/users-suite.js';

/**
 * Display names cannot impersonate (issue 21, item 8): a name or role name holding a line break, a line separator,
 * a bidi override or a zero-width character is refused (422 on the field), and the audit log shows the account's
 * e-mail beside the name its owner chose (anyone may call themselves "Administrator").
 */
let server: TestServer;
let admin: TestClient;
beforeAll(async () => ({ server, admin } = await startUsersServer()));
afterAll(async () => {
  await server.close();
});

const TRICKS = {
  'CR/LF': 'Jane\r\nAdministrator',
  'line separator U+2028': 'Jane\u2028Doe',
  'right-to-left override U+202E': 'Jane \u202eeoD',
  'zero-width space U+200B': 'Admin\u200bistrator',
  'zero-width joiner U+200D': 'Jane\u200dDoe',
  tab: 'Jane\tDoe',
};
const NAME_REFUSED =
  'The name may not contain line breaks, control characters, or invisible or text-direction characters.';

describe('names that do not read as they are', () => {
  it("are refused for a new user, an edited user and one's own profile, naming the field", async () => {
    const clerk = await createUser(server, { role: CLERK_ROLE });
    const own = await signedIn(server, clerk);
    for (const [trick, name] of Object.entries(TRICKS)) {
      const created = await admin.post('/api/v1/users', {
        name,
        email: `trick-${trick.length}-${Date.now()}@example.com`,
        mobileNo: '+254 700 000111',
        role: CLERK_ROLE,
      });
      const edited = await admin.patch(`/api/v1/users/${clerk.id}`, { name });
      const profile = await own.patch('/api/v1/account', { name, mobileNo: '+254700000111' });
      for (const [what, answer] of [
        ['create', created],
        ['edit', edited],
        ['profile', profile],
      ] as const)
        expect({ trick, what, status: answer.status, errors: answer.body.errors }).toEqual({
          trick,
          what,
          status: 422,
          errors: { name: [NAME_REFUSED] },
        });
    }
    // A name in any script still passes, accents and apostrophes included.
    const accepted = await admin.patch(`/api/v1/users/${clerk.id}`, { name: "Wanjirũ O'Brien-Ñúñez 王" });
    expect(accepted.status).toBe(200);
  });

  it('are refused as role names', async () => {
    for (const [trick, name] of Object.entries(TRICKS)) {
      const answer = await admin.post('/api/v1/roles', {
        name: `Role ${name}`,
        permissions: ['View Sales Invoices'],
      });
      expect({ trick, status: answer.status, errors: answer.body.errors }).toEqual({
        trick,
        status: 422,
        errors: {
          name: [
            'The role name may not contain line breaks, control characters, or invisible or text-direction characters.',
          ],
        },
      });
    }
  });
});

describe('the audit log', () => {
  it("shows the account's e-mail beside the name its owner chose", async () => {
    const impostor = await createUser(server, { role: CLERK_ROLE, name: 'Administrator' });
    await signedIn(server, impostor);
    const log = (await admin.get('/api/v1/audits?perPage=20')).body.data as {
      event: string;
      createdBy: string;
      createdByEmail: string | null;
    }[];
    const signIn = log.find((e) => e.createdByEmail === impostor.email);
    expect(signIn).toMatchObject({ createdBy: 'Administrator', createdByEmail: impostor.email });
    const full = (await admin.get('/api/v1/audits')).body.data as { createdByEmail: string | null }[];
    expect(full.some((e) => e.createdByEmail === impostor.email)).toBe(true);
  });
});
