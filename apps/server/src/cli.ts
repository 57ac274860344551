import { join } from 'node:path';
import { commandEnv } from './config/app-key.js';
import { loadEnv } from './config/env.js';
import { createLogger } from './config/logger.js';
import { openDatabase, runMigrations, type Database } from './db/client.js';
import type { CliCommand, CliEnv } from './lib/cli-command.js';
import { lockDataDir } from './lib/data-dir-lock.js';
import { accountCommands } from './modules/accounts/accounts.commands.js';
import { auditCommands } from './modules/audits/audits.commands.js';
import { dashboardCommands } from './modules/dashboard/dashboard.commands.js';
import { demoDataCommands } from './modules/demo-data/demo-data.commands.js';
import { importCommands } from './modules/imports/imports.commands.js';
import { reconciliationCommands } from './modules/reconciliation/reconciliation.commands.js';
import { createServices, type Services } from './services.js';

/**
 * Operator commands: `node dist/cli.js <command>`. In embedded mode stop the server first: PGlite's data
 * directory belongs to one process at a time (lib/data-dir-lock.ts refuses to open a directory in use).
 */
const commands: Record<string, CliCommand<Services>> = {
  ...importCommands,
  ...demoDataCommands,
  ...dashboardCommands,
  ...accountCommands,
  ...auditCommands,
  ...reconciliationCommands,
  migrate: {
    help: 'Applies pending database migrations (as every command does first): run it as the owner role when the API role may not change the schema.',
    async run(services) {
      // The dashboard's running totals are the schema's too: triggers generated from the kinds (issue 30).
      if ((await services.dashboardCounters.install()) === 'installed')
        console.log("The dashboard's running totals were counted afresh.");
      console.log('Database migrations are up to date.');
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
  const env = commandEnv(loadEnv());
  // Embedded: a running server owns DATA_DIR; opening its files beside it would corrupt them. Stop with who holds it.
  if (!env.DATABASE_URL) lockDataDir(env.DATA_DIR, name!);
  const database = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: join(env.DATA_DIR, 'pgdata') });
  try {
    await runMigrations(database);
    process.exitCode = await runOnServices(command, env, database, args);
  } finally {
    await database.close();
  }
}

/**
 * Runs a command on the services the API and the worker use, without HTTP, built on the environment its
 * set-up answers; they log nothing, so what is printed is the command's own. Closes them, then the set-up.
 */
async function runOnServices(command: CliCommand<Services>, env: CliEnv, database: Database, args: string[]) {
  const setUp = await command.setUp?.(env);
  const servicesEnv = setUp?.env ?? env;
  const services = createServices(servicesEnv, database, { log: createLogger(false) });
  try {
    return await command.run({ ...services, env: servicesEnv }, args);
  } finally {
    await services.close();
    await setUp?.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
