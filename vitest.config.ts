import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace. The server's integration suite runs on embedded PGlite always,
// and a second time on a real PostgreSQL server when TEST_DATABASE_URL or DATABASE_URL is set.
const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const sourceConditions = { resolve: { conditions: ['source'] }, ssr: { resolve: { conditions: ['source'] } } };

export default defineConfig({
  test: {
    projects: [
      {
        ...sourceConditions,
        test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] },
      },
      {
        ...sourceConditions,
        test: { name: 'sap-sim', root: 'apps/sap-sim', include: ['src/**/*.test.ts'], testTimeout: 60_000 },
      },
      {
        ...sourceConditions,
        test: {
          name: 'server-pglite',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              ...sourceConditions,
              test: {
                name: 'server-postgres',
                root: 'apps/server',
                include: ['src/**/*.int.test.ts'],
                env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl },
                testTimeout: 90_000,
                hookTimeout: 180_000,
              },
            },
          ]
        : []),
      {
        resolve: {
          conditions: ['source'],
          alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) },
        },
        test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom', testTimeout: 60_000 },
      },
    ],
  },
});
