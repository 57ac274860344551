import type { FastifyServerOptions } from 'fastify';
import { buildApp, type App } from '../app.js';
import { seedFoundation } from '../bootstrap/seed.js';
import { loadEnv, type Env } from '../config/env.js';
import { createTestDatabase } from './test-database.js';
import { TestClient, type ClientOptions } from './test-client.js';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'Admin-Password-2024!';
export const APP_URL = 'http://ff.test';

export type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

export type TestServerOptions = {
  /** Environment overrides, e.g. `{ RATE_LIMIT_PER_MINUTE: '3' }`. */
  env?: Record<string, string | undefined>;
  /** Runs after buildApp and before ready, e.g. to register a throwaway route. */
  beforeReady?: (app: App) => void | Promise<void>;
  /** Pino options (e.g. a stream to read the log from); quiet by default. */
  logger?: FastifyServerOptions['logger'];
};

export type TestServer = {
  app: App;
  env: Env;
  database: TestDatabase;
  /** A new browser-like client (its own cookie jar) talking to this app. */
  client(options?: ClientOptions): TestClient;
  /** A client already signed in as the seeded administrator. */
  signInAsAdmin(options?: ClientOptions): Promise<TestClient>;
  close(): Promise<void>;
};

/**
 * The real app on a fresh, migrated, seeded database (in-memory PGlite, or with TEST_DB=postgres a new
 * database on the server); `close()` closes the app and drops the database.
 */
export async function createTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  try {
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      APP_KEY: 'x'.repeat(40),
      APP_URL,
      APP_TIMEZONE: 'Africa/Nairobi',
      ...options.env,
    });
    await seedFoundation(database.db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, env.APP_KEY);
    const app = await buildApp({ env, database, logger: options.logger ?? false });
    await options.beforeReady?.(app);
    await app.ready();
    const client = (clientOptions?: ClientOptions) => new TestClient(app, clientOptions);
    return {
      app,
      env,
      database,
      client,
      async signInAsAdmin(clientOptions) {
        const admin = client(clientOptions);
        await admin.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
        return admin;
      },
      async close() {
        await app.close();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}
