import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// One Vitest run covers every workspace. The server's suites are split by file name: unit suites
// (`*.test.ts`, project server-unit) and integration suites (`*.int.test.ts`), which run on embedded PGlite
// always (server-pglite) and a second time on a real PostgreSQL server when TEST_DATABASE_URL or DATABASE_URL
// is set (server-postgres); `*.postgres.int.test.ts` suites need a real server and run on PostgreSQL only. `npm run test:unit` and `npm run test:int` pick the projects (scripts/vitest-suite.mjs).
const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const sourceConditions = {
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
};
const INTEGRATION = 'src/**/*.int.test.ts';
const POSTGRES_ONLY = 'src/**/*.postgres.int.test.ts';
const server = { root: 'apps/server', testTimeout: 90_000, hookTimeout: 180_000 };

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
          ...server,
          name: 'server-unit',
          include: ['src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, INTEGRATION],
          env: { TEST_DB: 'pglite' },
        },
      },
      {
        ...sourceConditions,
        test: {
          ...server,
          name: 'server-pglite',
          include: [INTEGRATION],
          exclude: [...configDefaults.exclude, POSTGRES_ONLY],
          env: { TEST_DB: 'pglite' },
        },
      },
      ...(postgresUrl
        ? [
            {
              ...sourceConditions,
              test: {
                ...server,
                name: 'server-postgres',
                include: [INTEGRATION],
                env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl },
              },
            },
          ]
        : []),
      {
        resolve: {
          conditions: ['source'],
          alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) },
        },
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 60_000,
        },
      },
    ],
  },
});
