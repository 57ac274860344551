// Refreshes spec-seconds.json (how long each spec file took, which run-shards.mjs balances the shards by) from the
// log of a full run: `node e2e/scripts/spec-seconds.mjs < ci.log`. It sums the times Playwright prints after each
// test (`✓  12 tests/x.spec.ts:40:3 › ... (4.3s)`), per file.
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const seconds = {};
const line = /(tests\/[\w.-]+\.spec\.ts):\d+:\d+ .*\((\d+(?:\.\d+)?)(ms|s|m)\)\s*$/;
for await (const text of createInterface({ input: process.stdin })) {
  // eslint-disable-next-line no-control-regex
  const match = line.exec(text.replace(/\x1b\[[0-9;]*m/g, ''));
  if (!match) continue;
  const [, spec, value, unit] = match;
  const took = Number(value) * (unit === 'ms' ? 0.001 : unit === 'm' ? 60 : 1);
  seconds[spec] = (seconds[spec] ?? 0) + took;
}
const sorted = Object.fromEntries(
  Object.keys(seconds)
    .sort()
    .map((spec) => [spec, Math.round(seconds[spec])]),
);
if (!Object.keys(sorted).length) {
  console.error('No test lines found: pipe the log of a full Playwright run in.');
  process.exit(1);
}
writeFileSync(new URL('./spec-seconds.json', import.meta.url), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} specs written to e2e/scripts/spec-seconds.json`);
