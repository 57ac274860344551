import { PERMISSIONS } from '@ff/contract';
import { createRole } from './fixtures.js';
import type { TestClient } from './test-client.js';
import { createTestServer, type TestServer } from './test-server.js';

/** The role new users get in the users suites (it may view sales invoices). */
export const CLERK_ROLE = 'Finance Clerk';

/** What the users suites (modules/users) share: a test server, its signed-in administrator and the clerk role. */
export async function startUsersServer(): Promise<{ server: TestServer; admin: TestClient }> {
  const server = await createTestServer();
  const admin = await server.signInAsAdmin();
  await createRole(server, [PERMISSIONS.viewSalesInvoices], CLERK_ROLE);
  return { server, admin };
}

/** A POST /api/v1/users body with a unique e-mail and the clerk role; `overrides` replace or add fields. */
export const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: 'Wanjiku Kamau',
  email: `wanjiku-${Math.random().toString(36).slice(2, 8)}@example.com`,
  mobileNo: '+254 712 345678',
  role: CLERK_ROLE,
  ...overrides,
});

/** A 422 body naming one field and its message. */
export const fieldError = (field: string, message: string) => ({ message, errors: { [field]: [message] } });
