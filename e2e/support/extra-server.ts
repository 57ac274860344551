import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_ADMIN, E2E_STATE_DIR } from './env';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A port nobody listens on right now (the OS picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export type ExtraServer = { baseURL: string; stop(): Promise<void> };

/**
 * A second built server (`apps/server/dist/main.js`) on its own fresh PGlite folder and port, for the few
 * states the shared e2e server never reaches (e.g. a fresh installation pointed at an outside SAP, which has
 * no SAP password saved yet). Same administrator as the shared server, no demo data, no queue worker, no
 * SMTP (mails go to its log). `env` adds or overrides variables. Always `stop()` it (in a finally block).
 */
export async function startExtraServer(env: Record<string, string> = {}): Promise<ExtraServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(E2E_STATE_DIR, 'extra-server-'));
  const child = spawn(process.execPath, [join(repoRoot, 'apps', 'server', 'dist', 'main.js')], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      QUEUE_WORKER: 'off',
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    cwd: repoRoot,
  });
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code ?? -1;
      resolve();
    }),
  );

  const stop = async () => {
    if (exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (exitCode !== null) {
      await stop();
      throw new Error(`The extra server exited with code ${exitCode} before it was ready.`);
    }
    try {
      if ((await fetch(`${baseURL}/health/ready`)).ok) return { baseURL, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`The extra server did not become ready at ${baseURL} within 120 s.`);
}
