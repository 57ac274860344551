import { mkdirSync, readFileSync, realpathSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, relative } from 'node:path';

/**
 * One owner per embedded data directory. PGlite keeps the database in DATA_DIR/pgdata and has no lock of its
 * own: a second server, or an operator command, opening the same files as a running server would corrupt
 * them. So whoever opens an embedded data directory first writes DATA_DIR/server.lock (its pid, what it is)
 * with an exclusive create; anyone else stops with a message naming the owner. A lock whose process is gone
 * (kill -9, a power cut) is stale and taken over. PostgreSQL mode (DATABASE_URL) needs none of this.
 * The lock also names the directory it was taken for (real path, device and inode): a copy of a running
 * server's directory (a backup, a directory restored beside it) carries the lock file too, and is not in use.
 */
export const LOCK_FILE = 'server.lock';

/** Which directory a lock was taken for; absent in locks written before it was recorded (then honoured). */
export type LockedDirectory = { path: string; dev: number; ino: number };
export type LockOwner = {
  pid: number;
  hostname: string;
  role: string;
  since: string;
  directory?: LockedDirectory;
};

function directoryOf(dataDir: string): LockedDirectory {
  const stat = statSync(dataDir);
  return { path: realpathSync(dataDir), dev: stat.dev, ino: stat.ino };
}

/** A lock copied along with its directory names another one: it does not hold this directory. */
const takenForAnother = (owner: LockOwner, here: LockedDirectory) =>
  owner.directory !== undefined &&
  (owner.directory.path !== here.path ||
    owner.directory.dev !== here.dev ||
    owner.directory.ino !== here.ino);

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    const shown = displayPath(dataDir);
    const what = owner.role === 'server' ? 'a running server' : `a running command (${owner.role})`;
    super(
      `The data directory ${shown} is in use by ${what} (pid ${owner.pid}). Stop it first, or run this command against ` +
        `that server's API. (If no such process is running, delete ${join(shown, LOCK_FILE)}.)`,
    );
  }
}

/** ./data rather than /home/.../data when the directory is under the working directory. */
function displayPath(dir: string): string {
  const rel = relative(process.cwd(), dir);
  return rel && !rel.startsWith('..') && !rel.startsWith('/') ? `./${rel}` : dir;
}

/** True while `pid` is a live process (EPERM: alive, someone else's). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): { owner: LockOwner | null; text: string } | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const owner = JSON.parse(text) as LockOwner;
    return { owner: Number.isInteger(owner.pid) ? owner : null, text };
  } catch {
    // Half-written by a process that died while creating it: as good as stale.
    return { owner: null, text };
  }
}

function modifiedAt(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

export type DataDirLock = { file: string; release(): void };

/**
 * Takes the lock on `dataDir` for this process as `role` ('server', or the command's name), or throws
 * DataDirInUseError naming the live owner. Released by `release()` and, whatever happens, when the process
 * exits; a process killed outright leaves a stale lock that the next owner takes over.
 */
export function lockDataDir(dataDir: string, role: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  const directory = directoryOf(dataDir);
  const mine: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    role,
    since: new Date().toISOString(),
    directory,
  };
  const content = `${JSON.stringify(mine)}\n`;
  for (let tries = 0; ; tries += 1) {
    try {
      writeFileSync(file, content, { flag: 'wx', mode: 0o644 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || tries >= 50) throw error;
    }
    const found = readOwner(file);
    if (!found) continue; // Released meanwhile: try again.
    const { owner, text } = found;
    if (!owner && Date.now() - modifiedAt(file) < 2_000) {
      // Probably being written right now by another taker: look again shortly.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      continue;
    }
    // A lock written on another machine (a shared volume) cannot be checked from here: it is honoured.
    if (
      owner &&
      !takenForAnother(owner, directory) &&
      (owner.hostname !== mine.hostname || isAlive(owner.pid))
    )
      throw new DataDirInUseError(dataDir, owner);
    // Stale: its process is gone, or it was copied here with a directory it was taken for. Removed only if it is still the file we judged (another taker may have won).
    if (readOwner(file)?.text === text) {
      try {
        unlinkSync(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    // Only our own lock: never one a later owner took over (another directory's lock copied here keeps its pid).
    const owner = readOwner(file)?.owner;
    if (owner?.pid === process.pid && owner.since === mine.since && !takenForAnother(owner, directory))
      unlinkSync(file);
  };
  process.on('exit', release);
  return { file, release };
}
