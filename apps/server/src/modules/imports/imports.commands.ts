import { basename } from 'node:path';
import { commandLineContext, userPath, type CliCommand } from '../../lib/cli-command.js';
import { formatDateTime } from '../../lib/time.js';
import { ApiTokenError, type ApiTokensService } from './api-tokens.service.js';
import { ImportFileError, openImportFile } from './import-file.js';
import { IMPORT_KINDS, isImportKind, KIND_NOUNS } from './import-schemas.js';
import type { ImportReport, ImportsService } from './imports.service.js';

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

/** The import and API-token commands, on the import and token services. */
export const importCommands: Record<
  string,
  CliCommand<{ imports: ImportsService; apiTokens: ApiTokensService }>
> = {
  import: {
    help: 'import <kind> <file.csv|file.json> [--json]: validates and upserts trip records (a CSV file of any size streams); exit 1 if any row is rejected.',
    async run({ imports }, args) {
      const asJson = args.includes('--json');
      const [kind, file] = args.filter((arg) => arg !== '--json');
      if (!kind || !file || !isImportKind(kind)) {
        console.error(usageOfImport);
        return 2;
      }
      const path = userPath(file);
      let report;
      try {
        const opened = await openImportFile(kind, path);
        if (opened.ignoredColumns.length && !asJson) {
          console.warn(
            `Ignoring columns that name no ${KIND_NOUNS[kind][0]} field: ${opened.ignoredColumns.join(', ')}`,
          );
        }
        report = await imports.importRows(kind, opened.rows, {
          context: commandLineContext(),
          via: `from ${basename(path)} on the command line`,
        });
      } catch (error) {
        // A file that cannot be read as rows; one that stops being readable mid-import says so too.
        if (error instanceof ImportFileError) {
          console.error(error.message);
          return 1;
        }
        throw error;
      }
      console.log(asJson ? JSON.stringify(report, null, 2) : formatImportReport(report, basename(path)));
      return report.rejected.length > 0 ? 1 : 0;
    },
  },

  'tokens:create': {
    help: 'tokens:create <name>: creates an API token for the import API and prints it once.',
    run: ({ apiTokens }, args) =>
      tokenCommand(args, 'Usage: tokens:create <name>   e.g. tokens:create tms', async (name) => {
        const { record, token } = await apiTokens.create(name, commandLineContext());
        console.log(
          `API token ${record.id} "${record.name}" created. Copy it now; it is not shown again:\n\n  ${token}\n`,
        );
        console.log(`Send it as: Authorization: Bearer ${token.slice(0, 8)}...`);
      }),
  },

  'tokens:list': {
    help: 'tokens:list: lists API tokens (never the tokens themselves) with their last use.',
    async run({ apiTokens, env }) {
      const rows = await apiTokens.list();
      if (rows.length === 0) {
        console.log('No API tokens. Create one with tokens:create <name>.');
        return 0;
      }
      const when = (date: Date | null) => (date ? formatDateTime(date, env.APP_TIMEZONE) : '-');
      const table = [
        ['id', 'name', 'imports', 'created', 'expires', 'last used', 'revoked'],
        ...rows.map((row) => [
          String(row.id),
          row.name,
          row.kinds?.join(',') ?? 'all',
          when(row.createdAt),
          when(row.expiresAt),
          row.lastUsedAt ? `${when(row.lastUsedAt)} from ${row.lastUsedIp ?? '?'}` : '-',
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
    run: ({ apiTokens }, args) =>
      tokenCommand(args, 'Usage: tokens:revoke <name|id>', async (key) => {
        const revoked = await apiTokens.revoke(key, commandLineContext());
        console.log(`API token ${revoked.id} "${revoked.name}" revoked.`);
      }),
  },
};

/**
 * Runs a token command on its argument (the words after the command): 2 with the usage when there is none,
 * 1 with the reason on stderr when the token rules refuse it, else 0.
 */
async function tokenCommand(args: string[], usage: string, work: (argument: string) => Promise<void>) {
  const argument = args.join(' ').trim();
  if (!argument) {
    console.error(usage);
    return 2;
  }
  try {
    await work(argument);
    return 0;
  } catch (error) {
    if (!(error instanceof ApiTokenError)) throw error;
    console.error(error.message);
    return 1;
  }
}
