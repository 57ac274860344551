// `npm start`: builds whatever is missing (the SPA, the simulator, the server bundle), then runs the server.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const steps = [
  { output: 'apps/sap-sim/dist/index.js', workspace: '@ff/sap-sim' },
  { output: 'apps/server/dist/main.js', workspace: '@ff/server' },
  { output: 'apps/web/dist/index.html', workspace: '@ff/web' },
];

for (const step of steps) {
  if (existsSync(step.output)) continue;
  console.log(`Building ${step.workspace} (first start)...`);
  const result = spawnSync('npm', ['run', 'build', '-w', step.workspace], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawnSync(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], { stdio: 'inherit' });
process.exit(server.status ?? (server.signal ? 0 : 1));
