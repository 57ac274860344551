import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { spawnFromSource } from './posting-worker-process.js';

/**
 * Tests only: `npm start` (src/main.ts) as a real separate process, from source like posting-worker-process.ts
 * runs the worker, so it is the code under test. It answers once the server logs its address.
 */
const mainEntry = fileURLToPath(new URL('../main.ts', import.meta.url));

export type ApiProcess = {
  child: ChildProcess;
  output: string[];
  /** http://127.0.0.1:<port>, once it listens. */
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export async function spawnApiProcess(env: Record<string, string>, timeoutMs = 90_000): Promise<ApiProcess> {
  const child = spawnFromSource(mainEntry, env);
  const output: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /Freight Finance is ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(output.join(''));
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    const collect = (chunk: Buffer) => {
      output.push(chunk.toString('utf8'));
      check();
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    const timer = setTimeout(() => {
      void kill('SIGKILL');
      reject(
        new Error(`The API process did not start within ${timeoutMs} ms:\n${output.join('').slice(-4000)}`),
      );
    }, timeoutMs);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(
        new Error(
          `The API process exited (${code ?? signal}) before it listened:\n${output.join('').slice(-4000)}`,
        ),
      );
    });
  });
  return { child, output, url, exited, kill };
}

/** pino JSON lines a process wrote. */
export function logLines(output: string[]): Record<string, any>[] {
  return output
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, any>];
      } catch {
        return [];
      }
    });
}
