import { SETTINGS_MESSAGES } from '@ff/contract';
import { asc } from 'drizzle-orm';
import { audits, connectionSettings } from '../db/schema.js';
import type { SapTestServer } from './sap-test-server.js';
import type { TestServer } from './test-server.js';

// What the suites on a SapTestServer (modules/settings, modules/accounts) read of its state.

/** The stored SAP connection setting (the one row). */
export const storedSetting = async (server: SapTestServer) =>
  (await server.database.db.select().from(connectionSettings).orderBy(asc(connectionSettings.id)))[0]!;

/** The event text of every audit entry. */
export const auditEvents = async (server: SapTestServer) =>
  (await server.database.db.select({ event: audits.event }).from(audits)).map((a) => a.event);

/** The server as a TestServer, for the fixtures (they need only its `app` and `database`). */
export const asTestServer = (server: SapTestServer) => server as unknown as TestServer;

/** Both SAP connection tests' answer when SAP takes the login (issue 23: the spec's status beside ok and state). */
export const CONNECTED = {
  status: 'success',
  ok: true,
  state: 'connected',
  message: SETTINGS_MESSAGES.testSucceeded,
};
