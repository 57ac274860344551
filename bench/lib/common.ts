import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root (bench/lib/../..). */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const RESULTS_DIR = join(ROOT, 'bench', 'results');

/** Node flags every child that runs TypeScript source needs: the workspace packages' `source` export and tsx. */
export const TSX_NODE_ARGS = ['--conditions=source', '--import', 'tsx'];

const sh = (command: string, args: string[]) => {
  try {
    return execFileSync(command, args, { encoding: 'utf8', timeout: 5_000 }).trim();
  } catch {
    return '(unavailable)';
  }
};

/** `uptime` and the 1-minute load average, taken right before a measured run. */
export type LoadSample = { at: string; uptime: string; load1: number; noisy: boolean };

export function loadSample(): LoadSample {
  const load1 = loadavg()[0] ?? 0;
  const cores = cpus().length;
  // More runnable work than cores: every figure taken now shares the CPUs with someone else's work.
  return {
    at: new Date().toISOString(),
    uptime: sh('uptime', []),
    load1: Number(load1.toFixed(2)),
    noisy: load1 > cores * 0.75,
  };
}

export type MachineInfo = {
  date: string;
  nproc: string;
  free: string;
  node: string;
  cpu: string;
  git: string;
  postgres?: string;
  load: LoadSample;
};

export function machineInfo(): MachineInfo {
  return {
    date: new Date().toISOString(),
    nproc: sh('nproc', []),
    free: sh('free', ['-h']),
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    // The tree measured: others commit and edit while benchmarks run.
    git: `${sh('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD'])} (${sh('git', ['-C', ROOT, 'status', '--porcelain']).split('\n').filter(Boolean).length} files changed in the working tree)`,
    load: loadSample(),
  };
}

/** `--name value` from the command line: the value as text, or `fallback` when the option is absent. */
export function argOption(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? String(process.argv[i + 1]) : fallback;
}

/** A numeric `--name value` option. */
export const numberOption = (name: string, fallback: number): number =>
  Number(argOption(name, String(fallback)));

/**
 * A benchmark's command-line options declared with their defaults, e.g. `benchOptions({ rows: 1000 })`: each
 * `--name value` given, else its default; a number where the default is one.
 */
export function benchOptions<const T extends Record<string, number | string>>(
  defaults: T,
): { [K in keyof T]: T[K] extends number ? number : string } {
  return Object.fromEntries(
    Object.entries(defaults).map(([name, fallback]) => [
      name,
      typeof fallback === 'number' ? numberOption(name, fallback) : argOption(name, fallback),
    ]),
  ) as { [K in keyof T]: T[K] extends number ? number : string };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nearest-rank percentile (p in 0..100) of unsorted values. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** Logs with the time since the benchmark started. */
const startedAt = Date.now();
export function log(message: string) {
  const s = ((Date.now() - startedAt) / 1000).toFixed(1).padStart(6);
  console.log(`[${s}s] ${message}`);
}

/** Writes bench/results/<name>.json (the latest run) and appends the run to bench/results/history.jsonl. */
export function saveResult(name: string, result: unknown) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = join(RESULTS_DIR, `${name}.json`);
  writeFileSync(path, `${JSON.stringify(result, null, 2)}\n`);
  appendFileSync(join(RESULTS_DIR, 'history.jsonl'), `${JSON.stringify({ name, result })}\n`);
  log(`Result written to ${path}`);
}

/** A temporary directory removed by the returned cleanup. */
export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `ff-bench-${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/**
 * Runs `body` with a hard deadline: past it the process exits (after the cleanups registered with
 * `onCleanup` ran), so a benchmark never hangs on a stuck server.
 */
const cleanups: (() => Promise<void> | void)[] = [];
export function onCleanup(task: () => Promise<void> | void) {
  cleanups.unshift(task);
}

async function runCleanups() {
  while (cleanups.length) {
    const task = cleanups.shift()!;
    try {
      await task();
    } catch (error) {
      console.error('Cleanup failed:', error instanceof Error ? error.message : error);
    }
  }
}

export async function runBenchmark(name: string, deadlineMs: number, body: () => Promise<void>) {
  let finished = false;
  const deadline = setTimeout(() => {
    if (finished) return;
    console.error(`${name}: deadline of ${deadlineMs / 1000} s passed; stopping everything.`);
    void runCleanups().finally(() => process.exit(2));
  }, deadlineMs);
  deadline.unref();
  const interrupt = (signal: string) => {
    console.error(`${name}: ${signal}; stopping everything.`);
    void runCleanups().finally(() => process.exit(130));
  };
  process.once('SIGINT', () => interrupt('SIGINT'));
  process.once('SIGTERM', () => interrupt('SIGTERM'));
  // A throw in a callback (a request handler, an event) must not leave servers or databases behind.
  const crash = (error: unknown) => {
    console.error(`${name} crashed:`, error instanceof Error ? (error.stack ?? error.message) : error);
    void runCleanups().finally(() => process.exit(1));
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
  let failed = false;
  try {
    await body();
  } catch (error) {
    failed = true;
    console.error(`${name} failed:`, error instanceof Error ? (error.stack ?? error.message) : error);
  } finally {
    finished = true;
    await runCleanups();
    clearTimeout(deadline);
  }
  process.exit(failed ? 1 : 0);
}
