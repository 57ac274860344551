import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnApiProcess, type ApiProcess } from '../test/api-process.js';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock.js';

/**
 * Issue 9, finding 10: the CLI ran against a live embedded server's data directory without refusing (and a
 * second server would open the same PGlite files too). An embedded server now holds DATA_DIR/server.lock; a
 * second server or an operator command stops with a message naming the owner; a lock whose process is gone
 * is taken over.
 */
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const EMBEDDED = {
  APP_KEY: 'l'.repeat(40),
  HOST: '127.0.0.1',
  PORT: '0',
  SEED_DEMO: 'false',
  SAP_SIM_PORT: '0',
};

/** An operator command as run by `npm run cli`, in its own process, against `dataDir`. */
function cli(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'src/cli.ts', ...args],
      {
        cwd: serverDir,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          LOG_LEVEL: 'silent',
          APP_KEY: EMBEDDED.APP_KEY,
          DATA_DIR: dataDir,
        },
        timeout: 90_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const inUse = (dir: string, pid: number, what = 'a running server') =>
  `The data directory ${dir} is in use by ${what} (pid ${pid}). Stop it first, or run this command against that server's API.`;

describe('one owner per embedded data directory (real processes)', () => {
  let dataDir: string;
  let server: ApiProcess | undefined;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'ff-lock-'));
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a second server and a CLI command stop with a message naming the running server; after kill -9 the lock is taken over', async () => {
    server = await spawnApiProcess({ ...EMBEDDED, DATA_DIR: dataDir }, 120_000);
    const pid = server.child.pid!;
    expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid, role: 'server' });

    // A second server on the same directory exits before opening the database.
    const second = await spawnApiProcess({ ...EMBEDDED, DATA_DIR: dataDir }, 120_000).then(
      () => 'listened',
      (error: Error) => error.message,
    );
    expect(second).toContain('exited (1) before it listened');
    expect(second).toContain(inUse(dataDir, pid));

    // An operator command too, and it changes nothing.
    const refused = await cli(dataDir, 'audit:verify');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(inUse(dataDir, pid));
    // The server is unharmed and still owns the directory.
    expect((await fetch(`${server.url}/health/live`)).status).toBe(200);
    expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid });

    // Killed outright, the server leaves its lock behind; the next owner sees its process is gone and takes over.
    await server.kill('SIGKILL');
    server = undefined;
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);
    const verified = await cli(dataDir, 'audit:verify');
    expect(verified.stderr).not.toContain('in use');
    expect(verified.code).toBe(0);
    // And released when the command is done.
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  }, 240_000);
});

describe('lockDataDir', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'ff-lock-unit-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const writeLock = (dir: string, pid: number, role = 'server') =>
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid, hostname: hostname(), role, since: new Date().toISOString() }),
    );

  it('refuses a directory whose lock names a live process, naming it (a command by its name)', () => {
    const dir = freshDir();
    // The test runner's parent process is alive for the whole test.
    writeLock(dir, process.ppid, 'import');
    expect(() => lockDataDir(dir, 'server')).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir, 'server')).toThrow(inUse(dir, process.ppid, 'a running command (import)'));
  });

  it('a copy of a held directory is not in use: its lock names the directory it was taken for (issue 21, item 12)', () => {
    const dir = freshDir();
    const held = lockDataDir(dir, 'server');
    // The nightly backup: the directory copied with its lock file, while the server runs.
    const copy = freshDir();
    cpSync(join(dir, LOCK_FILE), join(copy, LOCK_FILE));
    const onCopy = lockDataDir(copy, 'audit:verify');
    expect(JSON.parse(readFileSync(onCopy.file, 'utf8'))).toMatchObject({ role: 'audit:verify' });
    onCopy.release();
    expect(existsSync(onCopy.file)).toBe(false);
    // The original is still held.
    expect(() => lockDataDir(dir, 'import')).toThrow(DataDirInUseError);
    held.release();
  });

  it('takes over a lock whose process is gone, and releases only its own', () => {
    const dir = freshDir();
    writeLock(dir, 2 ** 22 + 12_345); // above Linux's pid_max: no such process
    const lock = lockDataDir(dir, 'server');
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid, role: 'server' });
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
    // A lock someone else holds now is not removed by a late release.
    const again = lockDataDir(dir, 'server');
    writeLock(dir, process.ppid);
    again.release();
    expect(JSON.parse(readFileSync(again.file, 'utf8'))).toMatchObject({ pid: process.ppid });
  });
});
