import { randomBytes } from 'node:crypto';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PermissionName } from '@ff/contract';
import { rowsOf } from '../db/client.js';
import { outbox, sessions } from '../db/schema.js';
import { SYSTEM_ACTOR } from '../lib/audit-context.js';
import { hashPassword } from '../lib/passwords.js';
import { createRolesRepository } from '../modules/roles/roles.repository.js';
import { createUsersRepository } from '../modules/users/users.repository.js';
import type { TestClient } from './test-client.js';
import type { TestServer } from './test-server.js';

export const USER_PASSWORD = 'User-Password-2024!';

// argon2id costs tens of milliseconds per hash; tests reuse one hash per password.
const hashes = new Map<string, Promise<string>>();
const cachedHash = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
};

const unique = () => randomBytes(4).toString('hex');

/** A role created through the roles service (as the system), holding exactly these permissions. */
export async function createRole(
  server: TestServer,
  permissions: PermissionName[],
  name = `Role ${unique()}`,
) {
  return server.app.services.roles.create({ name, permissions }, { actor: SYSTEM_ACTOR, ip: '127.0.0.1' });
}

export type TestUser = {
  id: number;
  name: string;
  email: string;
  password: string;
  roleId: number;
  roleName: string;
};

/**
 * A user with a known password holding `role` (a role name) or, when `permissions` is given, a new role
 * with exactly those permissions.
 */
export async function createUser(
  server: TestServer,
  options: {
    permissions?: PermissionName[];
    role?: string;
    name?: string;
    email?: string;
    password?: string;
  } = {},
): Promise<TestUser> {
  const db = server.database.db;
  const roleName = options.role ?? (await createRole(server, options.permissions ?? [])).name;
  const role = await createRolesRepository(db).findByName(roleName);
  if (!role) throw new Error(`No role named ${roleName}`);
  const name = options.name ?? `User ${unique()}`;
  const email = (options.email ?? `user-${unique()}@example.com`).toLowerCase();
  const password = options.password ?? USER_PASSWORD;
  const id = await createUsersRepository(db).create({
    name,
    email,
    mobileNo: '+254700000000',
    roleId: role.id,
    createdById: null,
    passwordHash: await cachedHash(password),
  });
  return { id, name, email, password, roleId: role.id, roleName: role.name };
}

/** A new client signed in as `user`. */
export async function signedIn(
  server: TestServer,
  user: TestUser,
  options?: Parameters<TestServer['client']>[0],
): Promise<TestClient> {
  const client = server.client(options);
  await client.signIn(user.email, user.password);
  return client;
}

/** Runs raw SQL on the test database and answers the rows. */
export async function query<T = Record<string, unknown>>(server: TestServer, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await server.database.db.execute(statement));
}

export const sessionsOf = (server: TestServer, userId: number) =>
  server.database.db.select().from(sessions).where(eq(sessions.userId, userId));

export const outboxFor = (server: TestServer, recipient: string) =>
  server.database.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(asc(outbox.id));

/** Polls `probe` until it answers something truthy (mail goes out in the background). */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The password link in a mail body: `APP_URL/password-reset/{token}?email=...`. */
export function passwordLinkIn(text: string): { url: URL; token: string; email: string } {
  const match = /(https?:\/\/\S+\/password-reset\/\S+)/.exec(text);
  if (!match) throw new Error(`No password link in:\n${text}`);
  const url = new URL(match[1]!);
  return {
    url,
    token: decodeURIComponent(url.pathname.split('/').pop()!),
    email: url.searchParams.get('email') ?? '',
  };
}

export { sql };
