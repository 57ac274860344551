import { join } from 'node:path';
import { loadEnv } from './config/env.js';
import { openDatabase, runMigrations, type Database } from './db/client.js';
import { accountCommands } from './modules/accounts/accounts.commands.js';
import { createAuditRepository } from './modules/audits/audit.repository.js';
import { createAuditService } from './modules/audits/audit.service.js';
import { demoDataCommands } from './modules/demo-data/demo-data.commands.js';
import { importCommands } from './modules/imports/imports.commands.js';

/**
 * Operator commands: `node dist/cli.js <command>`. In embedded mode stop the server first: PGlite's data
 * directory belongs to one process at a time.
 */
type Command = {
  help: string;
  run: (database: Database, args: string[]) => Promise<number>;
  /** Runs without opening the database, or answers undefined when this invocation needs it (e.g. demo-data --out). */
  runOffline?: (args: string[]) => Promise<number> | undefined;
};

const commands: Record<string, Command> = {
  ...importCommands,
  ...demoDataCommands,
  ...accountCommands,
  'audit:verify': {
    help: "Verifies the audit log's hash chain and names the first broken row.",
    async run(database) {
      const env = loadEnv();
      const result = await createAuditService(createAuditRepository(database.db), env.APP_TIMEZONE).verify();
      if (result.broken) {
        console.error(`Audit chain BROKEN at row ${result.broken.id}: ${result.broken.reason}. ${result.rows} rows before it verified.`);
        return 1;
      }
      console.log(`Audit chain intact: ${result.rows} rows verified.`);
      return 0;
    },
  },
};

async function main() {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.log('Usage: node dist/cli.js <command>\n');
    for (const [key, value] of Object.entries(commands)) console.log(`  ${key.padEnd(20)} ${value.help}`);
    process.exit(name ? 2 : 0);
  }
  const offline = command.runOffline?.(args);
  if (offline) {
    process.exitCode = await offline;
    return;
  }
  const env = loadEnv();
  const database = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: join(env.DATA_DIR, 'pgdata') });
  try {
    await runMigrations(database);
    process.exitCode = await command.run(database, args);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
