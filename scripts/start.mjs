// `npm start`: builds whatever is missing or older than its sources (the simulator, the server bundle, the SPA),
// then runs the server. After a `git pull` the changed sources are newer than the build, so it is rebuilt
// instead of serving the old code.
// `npm run serve` (`--no-build`): runs what `npm run build` built, building nothing (production hosts).
// `npm run worker` (`--worker`): the VAS/mail queue worker, building the server bundle first only if it is stale.
//
// Signals: package.json runs this file with `exec`, so npm's shell is replaced by this process and npm's
// forwarded SIGTERM/SIGINT reach it (Debian's sh would otherwise die of them and leave us running). SIGTERM,
// SIGINT and SIGHUP are passed on to the server (which finishes its requests and exits) or to a build's whole
// process group; this process then exits with the child's exit code, or 128 + the signal's number.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const worker = args.includes('--worker');
const build = !args.includes('--no-build');

const contract = ['packages/contract/src', 'packages/contract/package.json'];
const server = {
  output: 'apps/server/dist/main.js',
  workspace: '@ff/server',
  sources: ['apps/server/src', 'apps/server/scripts', 'apps/server/package.json', ...contract],
};
const steps = worker
  ? [server]
  : [
      {
        output: 'apps/sap-sim/dist/index.js',
        workspace: '@ff/sap-sim',
        sources: ['apps/sap-sim/src', 'apps/sap-sim/package.json'],
        // A production server talks to the real SAP and never loads the embedded simulator.
        needed: !process.env.SAP_SL_URL,
      },
      server,
      {
        output: 'apps/web/dist/index.html',
        workspace: '@ff/web',
        sources: [
          'apps/web/src',
          'apps/web/public',
          'apps/web/index.html',
          'apps/web/vite.config.ts',
          'apps/web/package.json',
          ...contract,
        ],
        // WEB_DIST_DIR serves an SPA built elsewhere.
        needed: !process.env.WEB_DIST_DIR,
      },
    ];
const entry = worker ? 'apps/server/dist/worker.js' : 'apps/server/dist/main.js';

/** The newest modification time under these files and folders (tests excluded: they are not built). */
function newestSourceTime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path))
        if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
    } else if (!/\.test\.tsx?$/.test(path)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return newest;
}

const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'];
const exitCodeFor = (signal) => 128 + (constants.signals[signal] ?? 0);
/** The running child: a build (in its own process group, so npm's shell and the build tool stop too) or the server. */
let running;
let stoppedBy;
for (const signal of STOP_SIGNALS) {
  process.on(signal, () => {
    stoppedBy ??= signal;
    if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
    try {
      if (running.group) process.kill(-running.child.pid, signal);
      else running.child.kill(signal);
    } catch {
      // Already gone: its exit event is on its way.
    }
  });
}

/** Runs a command to its end; answers the exit code this process should pass on. */
function run(command, commandArgs, { group, env = process.env }) {
  const child = spawn(command, commandArgs, {
    stdio: group ? ['ignore', 'inherit', 'inherit'] : 'inherit',
    detached: group,
    env,
  });
  running = { child, group };
  return new Promise((resolve) => {
    child.once('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? exitCodeFor(signal)));
  });
}

const missing = [];
for (const step of steps) {
  if (step.needed === false) continue;
  const built = existsSync(step.output) ? statSync(step.output).mtimeMs : 0;
  if (built && built >= newestSourceTime(step.sources)) continue;
  if (!build) {
    if (built)
      console.warn(`Warning: ${step.output} is older than its sources; \`npm run build\` rebuilds it.`);
    else missing.push(step.output);
    continue;
  }
  if (stoppedBy) process.exit(exitCodeFor(stoppedBy));
  console.log(
    `Building ${step.workspace} (${built ? 'its sources changed since the last build' : 'first start'})...`,
  );
  const code = await run('npm', ['run', 'build', '-w', step.workspace], { group: true });
  if (stoppedBy) process.exit(exitCodeFor(stoppedBy));
  if (code !== 0) process.exit(code);
}
if (missing.length) {
  console.error(
    `Not built: ${missing.join(', ')}. Run \`npm run build\` first (\`npm start\` builds by itself).`,
  );
  process.exit(1);
}
if (stoppedBy) process.exit(exitCodeFor(stoppedBy));

// Memory (docs/decisions/021-server-memory-settings.md): glibc's malloc keeps an arena per thread that touched
// it (libuv's pool hashing passwords, compressing, reading files) and, once a large block was freed, serves
// later large blocks from its heap, where they fragment it instead of going back to the system; V8's young
// generation grows to 16 MB semi-spaces. Two arenas, large blocks always mapped apart (128 KB up) and 4 MB
// semi-spaces took an embedded server with demo data from about 410 to 320 MB idle. --expose-gc lets the
// server collect the first start's initdb memory at once (main.ts). Each is left alone when the operator set
// it (MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_, or the flag in NODE_OPTIONS).
const serverEnv = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', ...process.env };
const nodeFlags = [
  '--expose-gc',
  ...((process.env.NODE_OPTIONS ?? '').includes('--max-semi-space-size') ? [] : ['--max-semi-space-size=4']),
];
process.exit(
  await run(process.execPath, [...nodeFlags, '--enable-source-maps', entry], {
    group: false,
    env: serverEnv,
  }),
);
