// `npm run test:unit` and `npm run test:int`: Vitest on one suite's projects (vitest.config.ts).
// - unit: every `*.test.ts(x)` that is not `*.int.test.ts` (contract, sap-sim, server-unit, web, web-logic), and the
//   scripts' own `scripts/*.test.mjs` (scripts; not `*.process.test.mjs`, which need the build);
// - int: the server's `*.int.test.ts` on PGlite (server-pglite) and, when TEST_DATABASE_URL or DATABASE_URL
//   is set, on PostgreSQL too (server-postgres).
// Further arguments go to Vitest; a `--project` of your own replaces the suite's projects, e.g.
// `npm run test:int -- --project server-pglite src/modules/users/users.int.test.ts`.
import { spawnSync } from 'node:child_process';

const postgres = Boolean(process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL);
const SUITES = {
  unit: ['contract', 'sap-sim', 'server-unit', 'web', 'web-logic', 'scripts'],
  int: ['server-pglite', ...(postgres ? ['server-postgres'] : [])],
};

const [suite, ...args] = process.argv.slice(2);
const projects = SUITES[suite];
if (!projects) {
  console.error(`Usage: node scripts/vitest-suite.mjs <${Object.keys(SUITES).join('|')}> [vitest arguments]`);
  process.exit(2);
}
const ownProjects = args.some((arg) => arg === '--project' || arg.startsWith('--project='));
const projectArgs = ownProjects ? [] : projects.flatMap((name) => ['--project', name]);

const result = spawnSync('npx', ['vitest', 'run', ...projectArgs, ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
