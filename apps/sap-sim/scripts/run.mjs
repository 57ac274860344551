// `npm run sim` (repo root) -> `npm run start -w @ff/sap-sim` -> this file.
// Runs dist/main.js, building it first when it is missing or older than any source file, so a fresh
// checkout and an edited source both just work. SIM_PORT, SIM_HOST, SIM_STATE_FILE are read by main.js,
// which also closes the server cleanly on SIGINT / SIGTERM.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(packageDir, 'dist', 'main.js');

function newestSourceTime(dir) {
  let newest = 0;
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, name.name);
    if (name.isDirectory()) newest = Math.max(newest, newestSourceTime(path));
    else if (name.name.endsWith('.ts') && !name.name.endsWith('.test.ts'))
      newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const stale = !existsSync(entry) || statSync(entry).mtimeMs < newestSourceTime(join(packageDir, 'src'));
if (stale) {
  console.log('Building the SAP simulator (dist/ is missing or older than src/)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '--silent'], { cwd: packageDir, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The simulator build failed; see the errors above.');
    process.exit(build.status ?? 1);
  }
}

await import(pathToFileURL(entry).href);
