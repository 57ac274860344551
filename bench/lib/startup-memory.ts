import { spawn } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCOUNT_TYPES, RECORD_KIND_NAMES, RECORD_KINDS_PLAIN } from '@ff/contract/plain';
import { log, onCleanup, ROOT, round, sleep } from './common.js';
import { ADMIN, todayOf } from './database.js';
import { call, signIn } from './http.js';
import { freePort } from './processes.js';

/**
 * bench:startup's memory phase (issue 22): `npm start` the way a newcomer runs it, on a fresh DATA_DIR (initdb,
 * migrations, first administrator, the embedded simulator and the demo data), then the server process's
 * resident memory (VmRSS) 20 s after /health/ready answers, and its peak (VmHWM, reset just before) through a
 * session of use over HTTP as the SPA makes it: sign in, every screen's first page, every list's full array
 * (what Export reads), the dashboard, users, roles, audit logs, posting history and its summary,
 * reconciliation, the ledger accounts of every type, and one cash advance posted to the simulator.
 * Goals: under 350 MB idle, under 450 MB at peak. The whole process group (npm, scripts/start.mjs, the
 * server) is reported beside it.
 */
export type MemoryFigures = {
  idleRssMb: number;
  groupIdleRssMb: number;
  sessionPeakRssMb: number;
  afterSessionRssMb: number;
  startPeakRssMb: number;
  readyMs: number;
  requests: number;
  posted: boolean;
};

const kb = (pid: number, field: 'VmRSS' | 'VmHWM'): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.split(/\s+/)[1] ?? Number.NaN);
};
const mb = (kilobytes: number) => round(kilobytes / 1024);

/** The processes of a process group: pid and command line. */
function groupProcesses(pgid: number): { pid: number; cmdline: string }[] {
  const found: { pid: number; cmdline: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid pgrp ...: comm may hold spaces, so count from its closing parenthesis.
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgrp === pgid)
        found.push({
          pid: Number(entry),
          cmdline: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim(),
        });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** The environment of an embedded `npm start` for a benchmark: this port and DATA_DIR, production, no server. */
export function embeddedStartEnv(port: number, dataDir: string, logLevel: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    NODE_ENV: 'production',
    LOG_LEVEL: logLevel,
    DATABASE_URL: undefined,
    SAP_SL_URL: undefined,
  };
}

export async function measureEmbeddedMemory(dir: string): Promise<MemoryFigures> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const out = createWriteStream(join(dir, 'memory.log'));
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...embeddedStartEnv(port, join(dir, 'memory-data'), 'warn'), METRICS_TOKEN: undefined },
  });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  const pgid = child.pid!;
  const stop = () => {
    try {
      process.kill(-pgid, 'SIGTERM');
    } catch {
      // gone
    }
  };
  onCleanup(stop);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const started = performance.now();
    let readyMs = Number.NaN;
    while (performance.now() - started < 300_000 && child.exitCode === null) {
      const ok = await fetch(`${baseUrl}/health/ready`, { signal: AbortSignal.timeout(1_000) })
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) {
        readyMs = performance.now() - started;
        break;
      }
      await sleep(50);
    }
    if (!Number.isFinite(readyMs))
      throw new Error(`npm start was not ready within 300 s; see ${dir}/memory.log`);
    const server = groupProcesses(pgid).find((p) => p.cmdline.includes('apps/server/dist/main.js'));
    if (!server) throw new Error('No server process (apps/server/dist/main.js) in the npm start group');
    const startPeak = kb(server.pid, 'VmHWM');
    await sleep(20_000);
    const idle = kb(server.pid, 'VmRSS');
    const groupIdle = groupProcesses(pgid).reduce((sum, p) => {
      try {
        return sum + (kb(p.pid, 'VmRSS') || 0);
      } catch {
        return sum;
      }
    }, 0);
    log(
      `memory: server ${mb(idle)} MB idle 20 s after ready (group ${mb(groupIdle)} MB); start peak ${mb(startPeak)} MB`,
    );

    // The peak from here on: VmHWM reset to the current RSS (Linux clear_refs 5).
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
    const { requests, posted } = await sessionOfUse(baseUrl);
    const sessionPeak = kb(server.pid, 'VmHWM');
    const after = kb(server.pid, 'VmRSS');
    log(
      `memory: session of ${requests} requests (posted: ${posted}): peak ${mb(sessionPeak)} MB, after ${mb(after)} MB`,
    );
    return {
      idleRssMb: mb(idle),
      groupIdleRssMb: mb(groupIdle),
      sessionPeakRssMb: mb(sessionPeak),
      afterSessionRssMb: mb(after),
      startPeakRssMb: mb(startPeak),
      readyMs: round(readyMs),
      requests,
      posted,
    };
  } finally {
    stop();
    await Promise.race([exited, sleep(15_000)]);
    out.end();
  }
}

/** What a clerk's and an administrator's morning asks of the server; answers must be 2xx. */
async function sessionOfUse(baseUrl: string): Promise<{ requests: number; posted: boolean }> {
  const session = await signIn(baseUrl, ADMIN);
  let requests = 2;
  const get = async <T = unknown>(path: string): Promise<T> => {
    requests += 1;
    const answer = await call<T>(session, 'GET', path);
    if (answer.status >= 300) throw new Error(`GET ${path} answered ${answer.status}`);
    return answer.body;
  };
  await get('/api/v1/session');
  await get('/api/v1/dashboard');
  for (const name of RECORD_KIND_NAMES) {
    const { apiPath } = RECORD_KINDS_PLAIN[name];
    await get(`${apiPath}?page=1&perPage=100`);
    await get(apiPath);
  }
  for (const accountType of ACCOUNT_TYPES)
    await get(`/api/v1/accounts?accountType=${encodeURIComponent(accountType)}`);
  for (const path of [
    '/api/v1/users',
    '/api/v1/roles',
    '/api/v1/audits',
    '/api/v1/postings',
    '/api/v1/postings/summary',
    '/api/v1/reconciliations',
  ])
    await get(path);

  const { apiPath } = RECORD_KINDS_PLAIN.cashAdvance;
  const rows = (await get<{ data: { id: number }[] }>(apiPath)).data;
  const ledgers = await get<{ data: { id: number }[] } | { id: number }[]>(
    `/api/v1/accounts?accountType=${encodeURIComponent('petty cash')}`,
  );
  const ledger = (Array.isArray(ledgers) ? ledgers : ledgers.data)[0];
  let posted = false;
  if (rows[0] && ledger) {
    requests += 1;
    const answer = await call(session, 'POST', apiPath, {
      postSap: [{ cashAdvanceId: rows[0].id, sapAccount: ledger.id, postingDate: todayOf() }],
    });
    if (answer.status >= 300)
      throw new Error(`POST ${apiPath} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    posted = true;
    await get(apiPath);
    await get('/api/v1/postings');
  }
  return { requests, posted };
}
