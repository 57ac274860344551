import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { E2E_PORT, E2E_SERVER_PID } from './env';

/** The shared server's embedded SAP simulator, found among the server process's ports, for specs that drive its `/__sim` controls. */

/**
 * The embedded simulator's base URL: the other port the server process listens on (its sockets in /proc), the
 * one answering `/__sim/periods`. The server starts it on a free port and does not print it at LOG_LEVEL=warn.
 */
function simulatorOrigins(): string[] {
  const pid = readFileSync(E2E_SERVER_PID, 'utf8').trim();
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      // A descriptor closed meanwhile.
    }
  }
  const ports = new Set<number>();
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    // st 0A = LISTEN; fields[9] is the socket's inode.
    if (fields[3] === '0A' && inodes.has(fields[9] ?? '')) ports.add(parseInt(fields[1]!.split(':')[1]!, 16));
  }
  ports.delete(E2E_PORT);
  return [...ports].map((port) => `http://127.0.0.1:${port}`);
}

export async function simulator(page: Page): Promise<string> {
  for (const origin of simulatorOrigins()) {
    const answer = await page.request.get(`${origin}/__sim/periods`).catch(() => null);
    if (answer?.ok()) return origin;
  }
  throw new Error('The embedded SAP simulator was not found among the server process ports.');
}
