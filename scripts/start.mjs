// `npm start`: builds whatever is missing or older than its sources (the simulator, the server bundle, the SPA),
// then runs the server. After a `git pull` the changed sources are newer than the build, so it is rebuilt
// instead of serving the old code.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const contract = ['packages/contract/src', 'packages/contract/package.json'];
const steps = [
  {
    output: 'apps/sap-sim/dist/index.js',
    workspace: '@ff/sap-sim',
    sources: ['apps/sap-sim/src', 'apps/sap-sim/package.json'],
  },
  {
    output: 'apps/server/dist/main.js',
    workspace: '@ff/server',
    sources: ['apps/server/src', 'apps/server/scripts', 'apps/server/package.json', ...contract],
  },
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
  },
];

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

for (const step of steps) {
  const built = existsSync(step.output) ? statSync(step.output).mtimeMs : 0;
  if (built && built >= newestSourceTime(step.sources)) continue;
  console.log(
    `Building ${step.workspace} (${built ? 'its sources changed since the last build' : 'first start'})...`,
  );
  const result = spawnSync('npm', ['run', 'build', '-w', step.workspace], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawnSync(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  stdio: 'inherit',
});
process.exit(server.status ?? (server.signal ? 0 : 1));
