// The built product started as an operator starts it, for the suites of the processes project
// (`*.process.test.mjs`): `npm <args>` in its own process group on a fresh DATA_DIR, in embedded mode, and the
// administrator signed in as the SPA does.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'Signals-Test-Password-2024!';
/** Settings of the machine running the tests that would point the product elsewhere than embedded mode. */
const NOT_EMBEDDED = ['DATABASE_URL', 'TEST_DATABASE_URL', 'SAP_SL_URL', 'WEB_DIST_DIR', 'QUEUE_WORKER'];

/**
 * `npm <args>` in its own process group on a fresh DATA_DIR; resolves once the server says it is ready, with its
 * URL, the simulator's, the child, its exit and its output so far.
 */
export async function startProduct(npmArgs, settings = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ff-signals-'));
  const env = { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', SEED_DEMO: 'false' };
  for (const name of NOT_EMBEDDED) delete env[name];
  Object.assign(env, { ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: 'info' }, settings);
  const child = spawn('npm', npmArgs, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const product = { child, dataDir, exited, output: () => output };
  try {
    const ready = await new Promise((resolve, reject) => {
      const collect = (chunk) => {
        output += chunk;
        const api = /Freight Finance is ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        const sim = /"url":"(http:\/\/127\.0\.0\.1:\d+)\/b1s\/v1"/.exec(output);
        if (api && sim) resolve({ url: api[1], simUrl: sim[1] });
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      void exited.then(({ code, signal }) =>
        reject(
          new Error(`npm ${npmArgs.join(' ')} ended (${code ?? signal}) before it was ready:\n${output}`),
        ),
      );
    });
    return Object.assign(product, ready);
  } catch (error) {
    stopProduct(product);
    throw error;
  }
}

/** Kills the whole process group of a product and removes its data folder (a failed test leaves nothing behind). */
export function stopProduct(product) {
  try {
    process.kill(-product.child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
  rmSync(product.dataDir, { recursive: true, force: true });
}

/**
 * A signed-in session of the administrator (the SPA's sign-in: CSRF cookie, then POST /login): the Cookie header
 * and the X-XSRF-TOKEN value to send with it.
 */
export async function signIn(url, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  const jar = new Map();
  const keep = (response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const xsrf = () => decodeURIComponent(jar.get('XSRF-TOKEN') ?? '');
  keep(await fetch(`${url}/sanctum/csrf-cookie`));
  const login = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookieHeader(), 'x-xsrf-token': xsrf() },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 204) throw new Error(`Signing in as ${email} answered ${login.status}`);
  keep(login);
  return { cookie: cookieHeader(), xsrf: xsrf() };
}
