// `npm test`: every suite. First Vitest (unit, integration on PGlite and, when DATABASE_URL or
// TEST_DATABASE_URL is set, on PostgreSQL too), then the production build and the Playwright browser suite
// against it (Debian's Chromium at /usr/bin/chromium or CHROMIUM_PATH). Stops at the first failing stage.
import { spawnSync } from 'node:child_process';

const stages = [
  ['Vitest: unit and integration suites', 'npx', ['vitest', 'run']],
  ['Build: server, simulator and SPA', 'npm', ['run', 'build']],
  ['Playwright: end-to-end suite in Chromium', 'npm', ['run', 'test', '-w', '@ff/e2e']],
];

for (const [title, command, args] of stages) {
  console.log(`\n=== ${title} ===\n`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${title}: failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}
