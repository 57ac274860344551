import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { inviteEarly } from './early-invitee';
import {
  E2E_ADMIN,
  E2E_BASE_URL,
  E2E_MAILBOX,
  E2E_PORT,
  E2E_SERVER_PID,
  E2E_STATE_DIR,
  E2E_TIME_ZONE,
} from './env';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A local SMTP sink: every mail lands in the mailbox file the specs read. */
async function startSmtpSink(): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address);
        appendFileSync(E2E_MAILBOX, `${JSON.stringify({ to, raw })}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function waitForReady(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not become ready at ${url} within ${timeoutMs} ms.`);
}

export default async function globalSetup() {
  rmSync(E2E_STATE_DIR, { recursive: true, force: true });
  mkdirSync(E2E_STATE_DIR, { recursive: true });
  writeFileSync(E2E_MAILBOX, '');
  const smtp = await startSmtpSink();
  const serverEntry = join(repoRoot, 'apps', 'server', 'dist', 'main.js');
  if (!existsSync(serverEntry)) throw new Error('Build first: npm run build (npm run test:e2e does it).');

  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    APP_URL: E2E_BASE_URL,
    DATA_DIR: join(E2E_STATE_DIR, 'data'),
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    LOG_LEVEL: 'warn',
    APP_TIMEZONE: E2E_TIME_ZONE,
    SEED_DEMO: 'true',
    // Optional: a private copy of the built SPA, so a concurrent `npm run build` cannot swap it mid-run.
    ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
  };
  const child = spawn(process.execPath, [serverEntry], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    cwd: repoRoot,
  });
  writeFileSync(E2E_SERVER_PID, String(child.pid));
  await waitForReady(`${E2E_BASE_URL}/health/ready`, 180_000);
  await inviteEarly();

  // The returned function is Playwright's global teardown: stop the server, then the sink.
  return async () => {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    await smtp.close();
  };
}
