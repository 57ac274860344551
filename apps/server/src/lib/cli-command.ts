import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import type { CommandEnv } from '../config/app-key.js';
import type { Env } from '../config/env.js';
import type { Database } from '../db/client.js';
import type { AuditContext } from './audit-context.js';

/** The server's environment as an operator command sees it (src/cli.ts resolves APP_KEY once for all). */
export type CliEnv = CommandEnv<Env>;

/** What an operator command runs with: the environment, the open database and the services it names in `Uses`. */
export type CliContext<Uses = unknown> = { env: CliEnv; database: Database } & Uses;

/** What a command set up before the services were built: the environment they get, and what to close after. */
export type CliSetUp = { env: CliEnv; close(): Promise<void> };

/**
 * An operator command of src/cli.ts. `Uses` names the services (of src/services.ts) it needs, e.g.
 * `{ audit: AuditService }`; cli.ts hands every command all of them.
 */
export type CliCommand<Uses = unknown> = {
  help: string;
  run: (context: CliContext<Uses>, args: string[]) => Promise<number>;
  /** Runs the command without opening the database, or answers undefined when this invocation needs it. */
  runOffline?: (args: string[]) => Promise<number> | undefined;
  /** Runs once the database is open, before the services are built from the environment it answers. */
  setUp?: (env: CliEnv) => Promise<CliSetUp | undefined>;
};

/** Paths on the command line mean the folder the operator ran npm in (npm runs scripts elsewhere). */
export const userPath = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

/** The audit actor of operator commands: who ran them on this machine. */
export function commandLineContext(): AuditContext {
  let who = '';
  try {
    who = userInfo().username;
  } catch {
    // No user name in some containers; the audit entry still says it came from the command line.
  }
  return { actor: { id: null, name: who ? `Command line (${who})` : 'Command line' }, ip: '127.0.0.1' };
}
