import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { log, onCleanup, ROOT, sleep, TSX_NODE_ARGS } from './common.js';

export type Started<T> = {
  child: ChildProcess;
  pid: number;
  /** What the ready test answered for the line that made the process ready. */
  ready: T;
  /** Milliseconds from spawn to the ready line. */
  readyAfterMs: number;
  /** Every JSON log line seen so far (pino output), parsed. */
  lines: Record<string, unknown>[];
  exited: Promise<number | null>;
  /** SIGTERM (or `signal`), then SIGKILL after `graceMs`; resolves when the process is gone. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
};

export type StartOptions<T> = {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string | undefined>;
  /** Answers a value once `line` (stdout or stderr) shows the process is ready. */
  ready: (line: string, json: Record<string, unknown> | undefined) => T | undefined;
  timeoutMs?: number;
  /** Where stdout and stderr go (appended); they are also scanned for the ready line. */
  logFile: string;
  /** Own process group, so `stopGroup` can signal the whole tree (npm start -> start.mjs -> main.js). */
  detached?: boolean;
};

/** Spawns a process we own, waits for its ready line, and registers its stop as a cleanup. */
export async function startProcess<T>(options: StartOptions<T>): Promise<Started<T>> {
  const spawnedAt = performance.now();
  const child = spawn(options.command, options.args, {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${options.name}: could not start ${options.command}`);
  const out = createWriteStream(options.logFile, { flags: 'a' });
  const lines: Record<string, unknown>[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let resolveReady: (value: T) => void = () => undefined;
  const readyPromise = new Promise<T>((resolve) => (resolveReady = resolve));
  let isReady = false;
  let readyAt = 0;
  const scan = (line: string) => {
    out.write(`${line}\n`);
    let json: Record<string, unknown> | undefined;
    if (line.startsWith('{')) {
      try {
        json = JSON.parse(line) as Record<string, unknown>;
        lines.push(json);
      } catch {
        json = undefined;
      }
    }
    if (isReady) return;
    const value = options.ready(line, json);
    if (value !== undefined) {
      isReady = true;
      readyAt = performance.now();
      resolveReady(value);
    }
  };
  createInterface({ input: child.stdout! }).on('line', scan);
  createInterface({ input: child.stderr! }).on('line', scan);

  let stopping: Promise<void> | undefined;
  const stop = (signal: NodeJS.Signals = 'SIGTERM', graceMs = 20_000) =>
    (stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const target = options.detached ? -pid : pid;
      try {
        process.kill(target, signal);
      } catch {
        return;
      }
      const killed = await Promise.race([exited.then(() => false), sleep(graceMs).then(() => true)]);
      if (killed) {
        log(`${options.name} (pid ${pid}) did not stop within ${graceMs / 1000} s; SIGKILL`);
        try {
          process.kill(target, 'SIGKILL');
        } catch {
          // already gone
        }
        await exited;
      }
      out.end();
    })());
  onCleanup(() => stop());

  const timeoutMs = options.timeoutMs ?? 120_000;
  const outcome = await Promise.race([
    readyPromise.then((value) => ({ value })),
    exited.then((code) => ({ exit: code })),
    sleep(timeoutMs).then(() => ({ timeout: true })),
  ]);
  if (!('value' in outcome)) {
    await stop('SIGKILL', 2_000);
    const why =
      'exit' in outcome
        ? `exited with ${String(outcome.exit)}`
        : `was not ready within ${timeoutMs / 1000} s`;
    throw new Error(`${options.name} ${why}; see ${options.logFile}`);
  }
  return { child, pid, ready: outcome.value, readyAfterMs: readyAt - spawnedAt, lines, exited, stop };
}

/** A TypeScript entry run from source (tsx), as a child process. */
export function tsxArgs(entry: string, ...args: string[]): string[] {
  return [...TSX_NODE_ARGS, entry, ...args];
}

/** A free TCP port on 127.0.0.1 (bound, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The pino line of `main.ts` that says the server listens: `{ address, readyInMs, msg: 'Freight Finance is ready at …' }`. */
export const serverReady = (_line: string, json: Record<string, unknown> | undefined) =>
  json && typeof json.address === 'string' && typeof json.readyInMs === 'number'
    ? { address: json.address, readyInMs: json.readyInMs }
    : undefined;

/** `BENCH_READY {...}` lines printed by the bench's own helper processes. */
export const benchReady = (line: string) =>
  line.startsWith('BENCH_READY ') ? (JSON.parse(line.slice(12)) as Record<string, unknown>) : undefined;
