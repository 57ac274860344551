import { buildApp, type App } from '../app.js';
import { seedFoundation } from '../bootstrap/seed.js';
import { loadEnv, type Env } from '../config/env.js';
import { createTestDatabase } from './test-database.js';
import { startTestSimulator, type RunningSimulator } from './simulator.js';
import { TestClient, type TestResponse } from './test-client.js';

export const ADMIN = { email: 'admin@example.com', password: 'Admin-Password-2024!' };

export type SapTestServer = {
  app: App;
  env: Env;
  sim: RunningSimulator;
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  /** Every line the app logged (pino JSON), at trace level. */
  logLines: string[];
  /** Every response body any client of this server received. */
  bodies: string[];
  client(): TestClient;
  admin(): Promise<TestClient>;
  close(): Promise<void>;
};

/**
 * Tests only: the real app on a fresh database, talking to a real simulator, with its log captured so tests
 * can prove that no secret is ever written there, and every response body recorded for the same reason.
 */
export async function startSapTestServer(env: Record<string, string> = {}): Promise<SapTestServer> {
  const sim = await startTestSimulator();
  const database = await createTestDatabase();
  const logLines: string[] = [];
  const bodies: string[] = [];
  const appEnv = loadEnv({
    NODE_ENV: 'test',
    APP_KEY: 'k'.repeat(40),
    APP_URL: 'http://ff.test',
    SAP_SL_URL: sim.url,
    SAP_TIMEOUT_MS: '5000',
    ...env,
  });
  await seedFoundation(database.db, ADMIN, appEnv.APP_KEY);
  const app = await buildApp({
    env: appEnv,
    database,
    logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } },
  });
  await app.ready();

  /** A TestClient that also records every body it receives. */
  const client = () => {
    const c = new TestClient(app);
    const request = c.request.bind(c);
    c.request = async (options): Promise<TestResponse> => {
      const response = await request(options);
      bodies.push(response.text);
      return response;
    };
    return c;
  };
  return {
    app,
    env: appEnv,
    sim,
    database,
    logLines,
    bodies,
    client,
    async admin() {
      const admin = client();
      await admin.signIn(ADMIN.email, ADMIN.password);
      return admin;
    },
    async close() {
      await app.close();
      await database.drop();
      await sim.close();
    },
  };
}
