import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Shared between global setup (which starts the server) and the specs (which talk to it). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8199);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ADMIN = {
  email: 'admin@example.com',
  password: 'Admin-e2e-Passw0rd!',
  name: 'Administrator',
};
/**
 * The company's time zone: the server's APP_TIMEZONE, the browser's zone and the specs' own (TZ), as a clerk
 * of a Kenyan company works. With the browser on the machine's UTC, the server's days ran three hours ahead
 * of the browser's from 21:00 UTC, and date checks failed in that window only (CI at 21:52 UTC did). The web
 * reads the server's date-times in its zone whatever the browser's (unit tests: posting-date.dom.test.ts).
 */
export const E2E_TIME_ZONE = 'Africa/Nairobi';
export const E2E_STATE_DIR = process.env.E2E_STATE_DIR ?? join(tmpdir(), `ff-e2e-${E2E_PORT}`);
/** Every mail the SMTP sink receives is appended here as one JSON line. */
export const E2E_MAILBOX = join(E2E_STATE_DIR, 'mailbox.jsonl');
export const E2E_SERVER_PID = join(E2E_STATE_DIR, 'server.pid');
