import { join } from 'node:path';
import { log, onCleanup, TSX_NODE_ARGS } from './common.js';
import { serverReady, startProcess } from './processes.js';
import { residentMb } from './scale-memory.js';
import { apiServerEnv } from './servers.js';

/**
 * bench:scale's servers: the API of a source tree (this one, or today's code extracted into another
 * directory) on PostgreSQL or embedded (PGlite in DATA_DIR), on ports 8500-8599 of 127.0.0.1.
 */

let nextPort = 8500;
/** The next unused port of bench:scale's range (8500-8599). */
export function scalePort(): number {
  if (nextPort > 8599) throw new Error('bench:scale ran out of its ports (8500-8599)');
  return nextPort++;
}

/** How the server runs: its TypeScript source through tsx (as the other benchmarks do), or its esbuild bundle. */
export type ServerBuild = 'source' | 'dist';

export type TreeServer = {
  url: string;
  pid: number;
  stop(): Promise<void>;
  /** Every pino line the server printed so far, parsed. */
  lines: Record<string, unknown>[];
};

/**
 * The production entry of the tree at `root` (apps/server/src/main.ts through tsx, or apps/server/dist/main.js),
 * listening on a port of bench:scale's range. With `databaseUrl` on PostgreSQL (QUEUE_WORKER off, as an API
 * process runs beside `npm run worker`), without it embedded: PGlite in `dataDir`, the SAP simulator on the
 * next port, no demo set.
 */
export async function startTreeServer(options: {
  name: string;
  root: string;
  build?: ServerBuild;
  databaseUrl?: string;
  dataDir: string;
  logFile: string;
  sapUrl?: string;
  env?: Record<string, string>;
  /** Node flags before the entry, e.g. an --import that preloads a module. */
  nodeArgs?: string[];
}): Promise<TreeServer> {
  const port = scalePort();
  const build = options.build ?? 'source';
  const entry =
    build === 'source'
      ? [...TSX_NODE_ARGS, join(options.root, 'apps/server/src/main.ts')]
      : ['--enable-source-maps', join(options.root, 'apps/server/dist/main.js')];
  const embedded = options.databaseUrl === undefined;
  const started = await startProcess({
    name: options.name,
    command: process.execPath,
    args: [...(options.nodeArgs ?? []), ...entry],
    env: {
      ...apiServerEnv({ port, ...options }),
      ...(embedded ? { SAP_SIM_PORT: String(scalePort()), SEED_DEMO: 'false' } : { QUEUE_WORKER: 'off' }),
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '1000000',
      ...options.env,
    },
    ready: serverReady,
    logFile: options.logFile,
    timeoutMs: 180_000,
  });
  onCleanup(() => started.stop());
  const url = started.ready.address;
  log(
    `${options.name} (${build}${embedded ? ', embedded' : ''}) ready at ${url} (pid ${started.pid}, ${residentMb(started.pid).rss} MB)`,
  );
  return { url, pid: started.pid, stop: () => started.stop(), lines: started.lines };
}

/** Server-side time of each finished request whose URL starts with `path`, from Fastify's request log. */
export function responseTimes(lines: readonly Record<string, unknown>[], path: string): number[] {
  const ids = new Set<unknown>();
  const times: number[] = [];
  for (const line of lines) {
    const req = line.req as { url?: string } | undefined;
    if (line.msg === 'incoming request' && req?.url?.startsWith(path)) ids.add(line.reqId);
    if (line.msg === 'request completed' && ids.has(line.reqId) && typeof line.responseTime === 'number')
      times.push(line.responseTime);
  }
  return times;
}
