import { userInfo } from 'node:os';
import { basename, resolve } from 'node:path';
import type { CommandEnv } from '../../config/app-key.js';
import type { Env } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import type { AuditContext } from '../../lib/audit-context.js';
import { formatDateTime } from '../../lib/time.js';
import { auditChainKey } from '../audits/audit-chain.js';
import { createAuditRepository } from '../audits/audit.repository.js';
import { createAuditService } from '../audits/audit.service.js';
import { createApiTokensRepository } from './api-tokens.repository.js';
import { ApiTokenError, createApiTokensService } from './api-tokens.service.js';
import { ImportFileError, readImportFile } from './import-file.js';
import { IMPORT_KINDS, isImportKind, KIND_NOUNS } from './import-schemas.js';
import { createImportsRepository } from './imports.repository.js';
import { createImportsService, type ImportReport } from './imports.service.js';

/** The server's environment as an operator command sees it (src/cli.ts resolves APP_KEY once for all). */
export type CliEnv = CommandEnv<Env>;

/** An operator command of src/cli.ts. */
export type CliCommand = {
  help: string;
  run: (database: Database, args: string[], env: CliEnv) => Promise<number>;
  /** Runs the command without opening the database, or answers undefined when this invocation needs it. */
  runOffline?: (args: string[]) => Promise<number> | undefined;
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

export function createImportServices(database: Database, env: CliEnv) {
  const audit = createAuditService(
    createAuditRepository(database.db, auditChainKey(env.APP_KEY)),
    env.APP_TIMEZONE,
  );
  return {
    imports: createImportsService({
      db: database.db,
      timeZone: env.APP_TIMEZONE,
      imports: createImportsRepository(database.db),
      audit,
    }),
    tokens: createApiTokensService({
      db: database.db,
      tokens: createApiTokensRepository(database.db),
      audit,
    }),
  };
}

/** The report for a person: totals, then every rejected row with its line (CSV) or index (JSON) and reasons. */
export function formatImportReport(report: ImportReport, source: string): string {
  const lines = [
    `${source}: ${report.received} ${KIND_NOUNS[report.kind][1]} received, ${report.inserted} inserted, ${report.updated} updated, ` +
      `${report.unchanged} unchanged (posting already started), ${report.rejected.length} rejected.`,
  ];
  for (const row of report.rejected) {
    const where = row.line !== undefined ? `line ${row.line}` : `index ${row.index}`;
    const id = row.sourceId === undefined ? '' : ` (sourceId ${row.sourceId})`;
    lines.push(`  ${where}${id}:`, ...row.errors.map((error) => `    - ${error}`));
  }
  return lines.join('\n');
}

const usageOfImport = `Usage: import <kind> <file.csv|file.json> [--json]\n  kinds: ${IMPORT_KINDS.join(', ')}`;

export const importCommands: Record<string, CliCommand> = {
  import: {
    help: 'import <kind> <file.csv|file.json> [--json]: validates and upserts trip records; exit 1 if any row is rejected.',
    async run(database, args, env) {
      const asJson = args.includes('--json');
      const [kind, file] = args.filter((arg) => arg !== '--json');
      if (!kind || !file || !isImportKind(kind)) {
        console.error(usageOfImport);
        return 2;
      }
      const path = userPath(file);
      const { imports } = createImportServices(database, env);
      let parsed;
      try {
        parsed = await readImportFile(kind, path);
      } catch (error) {
        if (error instanceof ImportFileError) {
          console.error(error.message);
          return 1;
        }
        throw error;
      }
      if (parsed.ignoredColumns.length && !asJson) {
        console.warn(
          `Ignoring columns that name no ${KIND_NOUNS[kind][0]} field: ${parsed.ignoredColumns.join(', ')}`,
        );
      }
      const report = await imports.importRows(kind, parsed.rows, {
        context: commandLineContext(),
        via: `from ${basename(path)} on the command line`,
      });
      console.log(asJson ? JSON.stringify(report, null, 2) : formatImportReport(report, basename(path)));
      return report.rejected.length > 0 ? 1 : 0;
    },
  },

  'tokens:create': {
    help: 'tokens:create <name>: creates an API token for the import API and prints it once.',
    async run(database, args, env) {
      const name = args.join(' ').trim();
      if (!name) {
        console.error('Usage: tokens:create <name>   e.g. tokens:create tms');
        return 2;
      }
      try {
        const { record, token } = await createImportServices(database, env).tokens.create(
          name,
          commandLineContext(),
        );
        console.log(
          `API token ${record.id} "${record.name}" created. Copy it now; it is not shown again:\n\n  ${token}\n`,
        );
        console.log(`Send it as: Authorization: Bearer ${token.slice(0, 8)}...`);
        return 0;
      } catch (error) {
        if (!(error instanceof ApiTokenError)) throw error;
        console.error(error.message);
        return 1;
      }
    },
  },

  'tokens:list': {
    help: 'tokens:list: lists API tokens (never the tokens themselves) with their last use.',
    async run(database, _args, env) {
      const { tokens } = createImportServices(database, env);
      const rows = await tokens.list();
      if (rows.length === 0) {
        console.log('No API tokens. Create one with tokens:create <name>.');
        return 0;
      }
      const when = (date: Date | null) => (date ? formatDateTime(date, env.APP_TIMEZONE) : '-');
      const table = [
        ['id', 'name', 'created', 'last used', 'revoked'],
        ...rows.map((row) => [
          String(row.id),
          row.name,
          when(row.createdAt),
          when(row.lastUsedAt),
          when(row.revokedAt),
        ]),
      ];
      const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
      for (const line of table)
        console.log(
          line
            .map((cell, column) => cell.padEnd(widths[column]!))
            .join('  ')
            .trimEnd(),
        );
      return 0;
    },
  },

  'tokens:revoke': {
    help: 'tokens:revoke <name|id>: revokes an API token; calls with it are refused from then on.',
    async run(database, args, env) {
      const key = args.join(' ').trim();
      if (!key) {
        console.error('Usage: tokens:revoke <name|id>');
        return 2;
      }
      try {
        const revoked = await createImportServices(database, env).tokens.revoke(key, commandLineContext());
        console.log(`API token ${revoked.id} "${revoked.name}" revoked.`);
        return 0;
      } catch (error) {
        if (!(error instanceof ApiTokenError)) throw error;
        console.error(error.message);
        return 1;
      }
    },
  },
};
