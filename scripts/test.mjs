// `npm test`: every suite. First Vitest (unit, integration on PGlite and, when DATABASE_URL or
// TEST_DATABASE_URL is set, on PostgreSQL too), then the production build, the suites that start and stop the
// built product (Vitest project processes) and the Playwright browser suite against the build (Debian's
// Chromium at /usr/bin/chromium or CHROMIUM_PATH). Stops at the first failing stage.
// The browser is checked first, so a machine without it learns so in the first second, not after Vitest.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const install = 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium';
  if (process.env.CHROMIUM_PATH || process.getuid?.() !== 0) {
    console.error(
      `The browser suite needs Chromium at ${chromium}, which is missing.\n` +
        (process.env.CHROMIUM_PATH
          ? 'Point CHROMIUM_PATH at a Chromium build.'
          : `Install Debian's package as root:\n  sudo sh -c '${install}'`),
    );
    process.exit(1);
  }
  console.log(`Installing Debian's chromium for the browser suite (${chromium} is missing)...`);
  const installed = spawnSync('sh', ['-c', install], { stdio: 'inherit' });
  if (installed.status !== 0 || !existsSync(chromium)) {
    console.error(`Installing chromium failed; run as root: ${install}`);
    process.exit(1);
  }
}

const stages = [
  ['Vitest: unit and integration suites', 'npx', ['vitest', 'run', '--project', '!processes']],
  ['Build: server, simulator and SPA', 'npm', ['run', 'build']],
  // `npm start` and `npm run serve` as an operator runs them, stopped with SIGTERM: they need the build.
  ['Vitest: the built product started and stopped', 'npx', ['vitest', 'run', '--project', 'processes']],
  ['Playwright: end-to-end suite in Chromium', 'npm', ['run', 'test', '-w', '@ff/e2e']],
];

// Each stage's wall time, printed as it ends and together at the end: the CI budget is 30 minutes on 2 cores.
const took = [];
const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
for (const [title, command, args] of stages) {
  console.log(`\n=== ${title} ===\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  took.push(`${title}: ${minutes(Date.now() - started)}`);
  console.log(
    `\n=== ${title}: ${result.status === 0 ? 'passed' : 'failed'} in ${minutes(Date.now() - started)} ===`,
  );
  if (result.status !== 0) {
    console.error(`\n${title}: failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\nStages:\n  ${took.join('\n  ')}`);
