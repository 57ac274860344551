import { availableParallelism } from 'node:os';
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
// The server's files share their worker's module cache (isolate: false): each file still builds its own app on
// its own database, but the app's module graph (Fastify, drizzle, PGlite's WebAssembly, zod schemas) is loaded
// once per worker instead of once per file. Per file that load took 1.5-4 s: 30 integration files ran in 133 s
// instead of 264 s. A suite that changes process-wide state (process.env, timers) puts it back itself.
const server = { root: 'apps/server', testTimeout: 90_000, hookTimeout: 180_000, isolate: false };
const PROCESSES = 'scripts/**/*.process.test.mjs';
const web = {
  ...sourceConditions,
  resolve: {
    ...sourceConditions.resolve,
    alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) },
  },
};

// Test files run in parallel, each in its own fork with its own database. Vitest's default (one fork per core
// less one) runs one file at a time on a 2-core machine, yet most integration files spend their time waiting on
// HTTP, SAP's simulated latency and timers: with two forks the whole run used 63 % of the two cores (11.5 min,
// 873 s of CPU), so it runs one fork more than there are cores. VITEST_MAX_WORKERS overrides it (1 to find a
// test that only fails beside another).
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || Math.max(3, availableParallelism() + 1);

export default defineConfig({
  test: {
    maxWorkers,
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
      // The repository's own scripts (scripts/*.mjs): their unit suites, and the suites that start the built
      // product the way an operator does (`*.process.test.mjs`, project processes: npm start, npm run serve,
      // signals). Those need the build, so `npm test` runs them after it (scripts/test.mjs).
      {
        test: {
          name: 'scripts',
          root: '.',
          include: ['scripts/**/*.test.mjs'],
          exclude: [...configDefaults.exclude, PROCESSES],
        },
      },
      { test: { name: 'processes', root: '.', include: [PROCESSES], testTimeout: 300_000 } },
      // The web's suites: those that render or touch the browser's globals (`*.test.tsx`, and `*.dom.test.ts`
      // for logic that needs window, document or localStorage) in jsdom, each file in a fresh fork, since they
      // share jsdom's one document and mock modules; the plain logic (`*.test.ts`) in Node, sharing the fork's
      // module cache. jsdom's set-up cost each file a second or more, 27 files of pure functions included.
      {
        ...web,
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'],
          environment: 'jsdom',
          testTimeout: 60_000,
        },
      },
      {
        ...web,
        test: {
          name: 'web-logic',
          root: 'apps/web',
          include: ['src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'src/**/*.dom.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
    ],
  },
});
