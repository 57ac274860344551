import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Tests only: `npm run worker` as a real separate process, run from source (src/worker.ts through tsx, with the
 * workspace's `source` export condition) so it is the code under test, not a stale bundle. Only Postgres can be
 * shared by two processes, so it needs a DATABASE_URL.
 */
const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
const workerEntry = fileURLToPath(new URL('../worker.ts', import.meta.url));

export type WorkerProcess = {
  child: ChildProcess;
  /** Everything it wrote (pino JSON lines on stdout, errors on stderr). */
  output: string[];
  /** Resolves with the exit code (or the signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once the worker logged that it polls the queue. */
  ready(timeoutMs?: number): Promise<void>;
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/**
 * A server entry (src/*.ts) as its own process through tsx, with production settings and only the given
 * environment: nothing of the test runner's environment leaks in (e.g. TEST_DB).
 */
export function spawnFromSource(entry: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--conditions=source', '--import', 'tsx', entry], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function spawnWorkerProcess(env: Record<string, string>): WorkerProcess {
  const child = spawnFromSource(workerEntry, env);
  const output: string[] = [];
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });

  return {
    child,
    output,
    exited,
    ready(timeoutMs = 60_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (output.join('').includes('VAS posting worker started')) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(
            new Error(`The worker did not start within ${timeoutMs} ms:\n${output.join('').slice(-4000)}`),
          );
        }, timeoutMs);
        void exited.then(({ code, signal }) => {
          listeners.delete(check);
          clearTimeout(timer);
          reject(
            new Error(
              `The worker exited (${code ?? signal}) before it started:\n${output.join('').slice(-4000)}`,
            ),
          );
        });
        listeners.add(check);
        check();
      });
    },
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
