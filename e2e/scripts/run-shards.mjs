// `npm test -w @ff/e2e`: the Playwright suite split into shards that run at the same time, each a whole
// product of its own (its own built server on its own port, PGlite folder, embedded SAP simulator and SMTP
// sink, from support/global-setup.ts), so no spec sees another's data. E2E_SHARDS sets how many: by default one
// per core, at most 4. Two shards on 2 cores took 13.4 min against 16.2 for one process (decision 023): one
// process leaves a quarter of the CPU idle while the specs wait on the server, retries and toasts. Arguments
// (a spec file, --grep, ...) run one process without sharding. Each line is prefixed with its shard; the exit
// code is the first failing shard's.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';

const args = process.argv.slice(2);
const byCores = Math.min(4, Math.max(1, availableParallelism()));
const shards = args.length ? 1 : Math.max(1, Number(process.env.E2E_SHARDS ?? byCores));
const basePort = Number(process.env.E2E_PORT ?? 8199);
const playwright = ['playwright', 'test', ...args];

/**
 * The spec files of each shard, balanced by how long each took in a clean-clone run (spec-seconds.json, seconds
 * per file; refresh it with scripts/spec-seconds.mjs from a CI log): the longest first, each to the shard with the
 * least so far. Playwright's own --shard cuts the alphabetical list by test count, which left one shard 1.6 min
 * behind the other (816 s of tests against 720 s). A spec not in the file counts as the median.
 */
function specsOfShards() {
  const seconds = JSON.parse(readFileSync(new URL('./spec-seconds.json', import.meta.url), 'utf8'));
  const specs = readdirSync(new URL('../tests/', import.meta.url))
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => `tests/${name}`);
  const known = Object.values(seconds).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 10;
  const cost = (spec) => seconds[spec] ?? median;
  const loads = Array.from({ length: shards }, () => ({ seconds: 0, specs: [] }));
  for (const spec of specs.sort((a, b) => cost(b) - cost(a) || a.localeCompare(b))) {
    const lightest = loads.reduce((min, load) => (load.seconds < min.seconds ? load : min));
    lightest.seconds += cost(spec);
    lightest.specs.push(spec);
  }
  return loads.map((load) => load.specs.sort());
}
const shardSpecs = shards > 1 ? specsOfShards() : [];

function run(index) {
  const shardArgs = shards > 1 ? shardSpecs[index - 1] : [];
  const env = {
    ...process.env,
    E2E_PORT: String(basePort + index - 1),
    ...(shards > 1 ? { E2E_OUTPUT_DIR: `test-results/shard-${index}` } : {}),
  };
  // Each shard's state folder follows from its port (support/env.ts) unless one is set for all.
  if (shards > 1) delete env.E2E_STATE_DIR;
  const child = spawn('npx', [...playwright, ...shardArgs], {
    env,
    stdio: ['ignore', shards > 1 ? 'pipe' : 'inherit', shards > 1 ? 'pipe' : 'inherit'],
  });
  if (shards > 1) {
    for (const stream of [child.stdout, child.stderr])
      createInterface({ input: stream }).on('line', (line) => console.log(`[${index}/${shards}] ${line}`));
  }
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(1));
const started = Date.now();
const codes = await Promise.all(Array.from({ length: shards }, (_, i) => run(i + 1)));
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const failed = codes.findIndex((code) => code !== 0);
if (shards > 1)
  console.log(
    failed === -1
      ? `All ${shards} shards passed in ${minutes} min.`
      : `Shard ${failed + 1}/${shards} failed (exit ${codes[failed]}) after ${minutes} min; its lines are prefixed [${failed + 1}/${shards}].`,
  );
process.exit(failed === -1 ? 0 : codes[failed]);
