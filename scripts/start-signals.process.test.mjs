import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn, startProduct as start, stopProduct } from './process-product.mjs';

/**
 * What a container runtime or systemd does to stop the product: SIGTERM to the process it started, here
 * `npm start` (which builds what is stale, then serves) and `npm run serve` (production hosts: serves what
 * `npm run build` built). Every process of the product must be gone within 10 s, its ports closed, and a
 * request in flight must still get its answer. Runs after the build (scripts/test.mjs); run alone, `npm start`
 * builds what is missing first, and `npm run serve` needs `npm run build` to have run. With TEST_DATABASE_URL or
 * DATABASE_URL set, `npm run serve` is also stopped on a fresh PostgreSQL database (a pool, not PGlite, to close).
 */
const STOP_WITHIN_MS = 10_000;
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
/** The PostgreSQL driver the server uses (a dependency of apps/server, not of the repository root). */
const pg = createRequire(new URL('../apps/server/package.json', import.meta.url))('pg');

let product;
/** Starts the product (process-product.mjs), kept for the test's end. */
const startProduct = async (npmArgs, settings) => (product = await start(npmArgs, settings));
afterEach(() => {
  // A failed test must not leave servers behind: the whole process group goes.
  if (product) stopProduct(product);
  product = undefined;
});

/** A new database on the PostgreSQL server of POSTGRES_URL: its URL, and how to drop it. */
async function freshPostgresDatabase() {
  const name = `ff_signals_${randomBytes(6).toString('hex')}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Every process descending from `pid` (ps works the same on Linux and macOS). */
function descendantsOf(pid) {
  const rows = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const found = [];
  const visit = (parent) => {
    for (const [child, ppid] of rows)
      if (ppid === parent) {
        found.push(child);
        visit(child);
      }
  };
  visit(pid);
  return found;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/** Whether something still accepts connections on this URL's port. */
const listening = (url) =>
  new Promise((resolve) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Resolves once nothing in the process group, nor any process of the tree, is left; answers how long it took. */
async function goneWithin(pids, groupId, startedAt) {
  while (Date.now() - startedAt < STOP_WITHIN_MS * 2) {
    if (!alive(-groupId) && pids.every((pid) => !alive(pid))) return Date.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Infinity;
}

/**
 * The server of the tree runs with decision 021's memory settings: the V8 flags on its command line and, where
 * /proc shows a process's environment (Linux), glibc's two variables.
 */
function expectMemorySettings(tree) {
  const argsOf = (pid) => execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).trim();
  const server = tree.find((pid) => argsOf(pid).includes('apps/server/dist/main.js'));
  expect(server, "the server process among npm run serve's").toBeDefined();
  expect(argsOf(server).split(/\s+/)).toEqual(
    expect.arrayContaining(['--expose-gc', '--max-semi-space-size=4']),
  );
  const environ = `/proc/${server}/environ`;
  if (existsSync(environ))
    expect(readFileSync(environ, 'utf8').split('\0')).toEqual(
      expect.arrayContaining(['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=131072']),
    );
}

describe('SIGTERM to npm', () => {
  it('`npm start`: answers the request in flight, then every process is gone and the ports closed within 10 s', async () => {
    const { url, simUrl, child, exited } = await startProduct(['start']);
    const tree = descendantsOf(child.pid);
    expect(tree.length).toBeGreaterThanOrEqual(2); // start.mjs and the server, at least
    const { cookie } = await signIn(url);
    // SAP (the embedded simulator) answers slowly, so the status check is still running when SIGTERM comes.
    const slow = await fetch(`${simUrl}/__sim/config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latencyMs: 1_500 }),
    });
    expect(slow.status).toBe(200);
    const inFlight = fetch(`${url}/api/v1/sap-status?refresh=1`, { headers: { cookie } });
    await new Promise((resolve) => setTimeout(resolve, 500));

    const startedAt = Date.now();
    process.kill(child.pid, 'SIGTERM');
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect((await answer.json()).state).toBe('connected');
    const stoppedInMs = await goneWithin([child.pid, ...tree], child.pid, startedAt);
    console.log(`npm start: every process gone ${stoppedInMs} ms after SIGTERM (a 1.5 s SAP call in flight)`);
    expect(stoppedInMs).toBeLessThan(STOP_WITHIN_MS);
    expect(await listening(url)).toBe(false);
    expect(await listening(simUrl)).toBe(false);
    await exited;
    expect(product.output()).toMatch(/"msg":"Stopped"/);
  }, 300_000);

  /** `npm run serve` started, then SIGTERM to npm: how long until every process is gone and the ports closed. */
  async function serveAndStop(settings) {
    const { url, simUrl, child, exited } = await startProduct(['run', 'serve'], settings);
    expect(product.output()).not.toMatch(/Building @ff\//);
    const tree = descendantsOf(child.pid);
    expectMemorySettings(tree);
    const startedAt = Date.now();
    process.kill(child.pid, 'SIGTERM');
    const stoppedInMs = await goneWithin([child.pid, ...tree], child.pid, startedAt);
    expect(stoppedInMs).toBeLessThan(STOP_WITHIN_MS);
    expect(await listening(url)).toBe(false);
    expect(await listening(simUrl)).toBe(false);
    await exited;
    expect(product.output()).toMatch(/"msg":"Stopped"/);
    return stoppedInMs;
  }

  it('`npm run serve`: starts what was built without building, with the memory settings, and stops the same way', async () => {
    console.log(`npm run serve: every process gone ${await serveAndStop({})} ms after SIGTERM`);
  }, 120_000);

  // Registered only with a server to use, as the server-postgres project is (no skipped test without one).
  if (POSTGRES_URL)
    it('`npm run serve` on PostgreSQL: stops the same way, its pool closed', async () => {
      const database = await freshPostgresDatabase();
      try {
        const stoppedInMs = await serveAndStop({ DATABASE_URL: database.url, APP_KEY: 's'.repeat(40) });
        console.log(`npm run serve on PostgreSQL: every process gone ${stoppedInMs} ms after SIGTERM`);
      } finally {
        await database.drop();
      }
    }, 120_000);
});
