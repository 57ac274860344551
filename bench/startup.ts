/**
 * bench:startup: `npm start` (embedded mode: PGlite in DATA_DIR, the embedded SAP simulator, the in-process
 * queue worker) until GET /health/ready answers 200, on an existing data directory. One warm-up start
 * creates the directory (migrations, first administrator, demo data); then 5 measured starts, median.
 * Each start is stopped with SIGTERM (to its process group: npm, scripts/start.mjs and the server).
 * Goal: under 5 s.
 *
 * Breakdown: from the server's own log (`readyInMs` counts from main() on, so spawn -> main() is npm,
 * scripts/start.mjs, node and loading the bundle), 3 starts of `node apps/server/dist/main.js` without npm,
 * and the phases inside main() timed one by one (bench/lib/startup-phases.ts, same modules from source).
 *
 * Memory (bench/lib/startup-memory.ts): `npm start` on a fresh DATA_DIR with the demo data, the server's RSS
 * 20 s after ready (goal: under 350 MB) and its peak through a session of use (goal: under 450 MB).
 *
 * Uses the built bundle npm start runs (apps/server/dist, apps/web/dist); builds them first if missing,
 * as npm start would. Options: --runs N (default 5); --memory-only (the memory phase alone).
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { execFileSync } from 'node:child_process';
import {
  benchOptions,
  type LoadSample,
  loadSample,
  log,
  median,
  onCleanup,
  ROOT,
  round,
  saveResult,
  sleep,
} from './lib/common.js';
import { freePort, startProcess, tsxArgs } from './lib/processes.js';
import { benchmark } from './lib/setup.js';
import { embeddedStartEnv, measureEmbeddedMemory } from './lib/startup-memory.js';

const options = benchOptions({ runs: 5 });
const MEMORY_ONLY = process.argv.includes('--memory-only');

type StartRun = {
  readyMs: number;
  /** The embedded demo data set's load (first start only), from its log line. */
  demoLoadMs?: number;
  readyInMs: number | null;
  beforeMainMs: number | null;
  stopMs: number;
  load: LoadSample;
};

await benchmark('startup', { minutes: 25 }, async ({ machine, tmp }) => {
  const dataDir = join(tmp.path, 'data');
  const logFile = join(tmp.path, 'start.log');

  const memory = await measureEmbeddedMemory(tmp.path);
  const memoryGoals = { idleRssMb: 350, sessionPeakRssMb: 450 };
  log(
    `Embedded memory (fresh DATA_DIR, demo data): ${memory.idleRssMb} MB idle (goal ${memoryGoals.idleRssMb}), ${memory.sessionPeakRssMb} MB peak through the session (goal ${memoryGoals.sessionPeakRssMb})`,
  );
  if (MEMORY_ONLY) {
    saveResult('startup-memory', { benchmark: 'bench:startup --memory-only', machine, memory, memoryGoals });
    return;
  }

  const warmUp = await startOnce(['npm', 'start'], dataDir, logFile);
  log(`Warm-up (creates ${dataDir}): ready in ${warmUp.readyMs} ms (readyInMs ${warmUp.readyInMs})`);

  const runs: StartRun[] = [];
  for (let i = 0; i < options.runs; i += 1) {
    const run = await startOnce(['npm', 'start'], dataDir, logFile);
    log(
      `npm start #${i + 1}: ready in ${run.readyMs} ms (server readyInMs ${run.readyInMs}, before main() ${run.beforeMainMs} ms; stop ${run.stopMs} ms); ${run.load.uptime}`,
    );
    runs.push(run);
  }
  const direct: StartRun[] = [];
  for (let i = 0; i < 3; i += 1) {
    const run = await startOnce(
      [process.execPath, '--enable-source-maps', 'apps/server/dist/main.js'],
      dataDir,
      logFile,
    );
    log(`node dist/main.js #${i + 1}: ready in ${run.readyMs} ms (readyInMs ${run.readyInMs})`);
    direct.push(run);
  }

  // Phases inside main(), on the same (now existing) data directory.
  const phases = await startProcess({
    name: 'startup-phases',
    command: process.execPath,
    args: tsxArgs(join('bench', 'lib', 'startup-phases.ts'), JSON.stringify({ dataDir, runs: 3 })),
    ready: (line) =>
      line.startsWith('BENCH_RESULT ') ? (JSON.parse(line.slice(13)) as Record<string, unknown>) : undefined,
    logFile: join(tmp.path, 'phases.log'),
    timeoutMs: 300_000,
  });
  await phases.exited;

  const summary = {
    medianReadyMs: round(median(runs.map((r) => r.readyMs))),
    medianReadyInMs: round(median(runs.map((r) => r.readyInMs ?? Number.NaN))),
    medianBeforeMainMs: round(median(runs.map((r) => r.beforeMainMs ?? Number.NaN))),
    medianDirectNodeReadyMs: round(median(direct.map((r) => r.readyMs))),
    goalMs: 5000,
  };
  log(
    `npm start to ready: median ${summary.medianReadyMs} ms (server's own readyInMs ${summary.medianReadyInMs}; spawn to main() ${summary.medianBeforeMainMs}); node dist/main.js directly: ${summary.medianDirectNodeReadyMs} ms`,
  );
  saveResult('startup', {
    benchmark: 'bench:startup',
    machine,
    build: buildInfo(),
    warmUp,
    runs,
    direct,
    phases: phases.ready,
    memory,
    memoryGoals,
    summary,
  });
});

/** One start: spawn in its own process group, poll /health/ready, then SIGTERM the group and wait. */
async function startOnce(command: string[], dataDir: string, logFile: string): Promise<StartRun> {
  const port = await freePort();
  const load = loadSample();
  const out = createWriteStream(logFile, { flags: 'a' });
  const spawnedAt = Date.now();
  const t0 = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: embeddedStartEnv(port, dataDir, 'info'),
  });
  const pgid = child.pid!;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopped = false;
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pgid, signal);
    } catch {
      // the group is gone
    }
  };
  onCleanup(() => {
    if (!stopped) kill('SIGKILL');
  });
  let readyLine: { readyInMs: number; time: number } | undefined;
  let demoLoadMs: number | undefined;
  const scan = (line: string) => {
    out.write(`${line}\n`);
    if (!line.startsWith('{')) return;
    try {
      const json = JSON.parse(line) as { readyInMs?: number; time?: number; msg?: string; ms?: number };
      if (json.msg === 'Loaded the demo data set' && typeof json.ms === 'number') demoLoadMs = json.ms;
      if (typeof json.readyInMs === 'number' && typeof json.time === 'number')
        readyLine = { readyInMs: json.readyInMs, time: json.time };
    } catch {
      // not a log line
    }
  };
  createInterface({ input: child.stdout! }).on('line', scan);
  createInterface({ input: child.stderr! }).on('line', scan);

  let readyMs = Number.NaN;
  const deadline = t0 + 120_000;
  while (performance.now() < deadline && child.exitCode === null) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health/ready`, {
        signal: AbortSignal.timeout(1_000),
      });
      if (response.status === 200) {
        readyMs = performance.now() - t0;
        break;
      }
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  if (!Number.isFinite(readyMs)) {
    kill('SIGKILL');
    throw new Error(`${command.join(' ')} was not ready within 120 s; see ${logFile}`);
  }
  // Let the ready log line arrive.
  for (let i = 0; i < 50 && !readyLine; i += 1) await sleep(10);

  const stopAt = performance.now();
  kill('SIGTERM');
  const gone = await Promise.race([exited.then(() => true), sleep(30_000).then(() => false)]);
  if (!gone) kill('SIGKILL');
  // The whole group must be gone (npm, start.mjs and the server), not only the process we spawned.
  for (let i = 0; i < 300 && groupAlive(pgid); i += 1) await sleep(10);
  if (groupAlive(pgid)) kill('SIGKILL');
  stopped = true;
  const stopMs = performance.now() - stopAt;
  out.end();
  return {
    readyMs: round(readyMs),
    ...(demoLoadMs === undefined ? {} : { demoLoadMs }),
    readyInMs: readyLine?.readyInMs ?? null,
    beforeMainMs: readyLine ? round(readyLine.time - readyLine.readyInMs - spawnedAt) : null,
    stopMs: round(stopMs),
    load,
  };
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function buildInfo() {
  const stat = (path: string) => {
    try {
      return execFileSync('stat', ['-c', '%y', path], { encoding: 'utf8', cwd: ROOT }).trim();
    } catch {
      return null;
    }
  };
  return { serverBundle: stat('apps/server/dist/main.js'), webIndex: stat('apps/web/dist/index.html') };
}
