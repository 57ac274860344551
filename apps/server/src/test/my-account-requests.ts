import { desc, eq } from 'drizzle-orm';
import { audits } from '../db/schema.js';
import type { TestClient } from './test-client.js';
import type { TestServer } from './test-server.js';

/** Tests only: what the My Account suites send and read back (profile, sessions, two-factor). */
/** The audit events a user acted in, newest first. */
export const auditEventsOf = async (server: Pick<TestServer, 'database'>, userId: number) =>
  (
    await server.database.db
      .select({ event: audits.event })
      .from(audits)
      .where(eq(audits.actorId, userId))
      .orderBy(desc(audits.id))
  ).map((row) => row.event);

/** DELETE and PUT with a body, as My Account's two-factor routes take them. */
export const del = (client: TestClient, url: string, body?: unknown) =>
  client.request({ method: 'DELETE', url, body });
export const put = (client: TestClient, url: string, body?: unknown) =>
  client.request({ method: 'PUT', url, body });
