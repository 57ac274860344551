import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { startEmbeddedSimulator } from '../../erp/embedded-simulator.js';
import { commandLineContext, userPath, type CliCommand } from '../../lib/cli-command.js';
import { HttpError } from '../../lib/errors.js';
import type { AccountsService, ImportReport } from './accounts.service.js';
import { CsvFileError, REQUIRED_COLUMNS } from './ledger-accounts-csv.js';

export function formatAccountsImport(report: ImportReport, source: string): string {
  const lines = [
    `${source}: ${report.inserted} added, ${report.updated} updated, ${report.rejected.length} rejected.`,
  ];
  for (const row of report.rejected) lines.push(`  line ${row.line}: ${row.reason}`);
  return lines.join('\n');
}

/** The ledger-account commands, on the accounts service (whose SAP client is the services' one). */
export const accountCommands: Record<string, CliCommand<{ accounts: AccountsService }>> = {
  'accounts:import': {
    help: `Imports ledger accounts from a CSV (${REQUIRED_COLUMNS.join(', ')}[, isActive]); upserts by accountNumber.`,
    async run({ accounts }, args) {
      const [file] = args;
      if (!file) {
        console.error(
          `Usage: accounts:import <file.csv>  (columns: ${REQUIRED_COLUMNS.join(', ')}, optionally isActive)`,
        );
        return 2;
      }
      const path = userPath(file);
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        console.error(`Cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
        return 1;
      }
      try {
        const report = await accounts.importCsv(text, basename(path), commandLineContext());
        const output = formatAccountsImport(report, basename(path));
        if (report.rejected.length) console.error(output);
        else console.log(output);
        return report.rejected.length ? 1 : 0;
      } catch (error) {
        if (!(error instanceof CsvFileError)) throw error;
        console.error(`${basename(path)}: ${error.message}`);
        return 1;
      }
    },
  },

  'accounts:check': {
    help: "Checks every active ledger account and the posting accounts against SAP's chart of accounts.",
    // Without SAP_SL_URL the check asks the embedded simulator (on its state in DATA_DIR, as `npm start` does).
    async setUp(env) {
      if (env.SAP_SL_URL) return undefined;
      const simulator = await startEmbeddedSimulator({ dataDir: env.DATA_DIR, port: 0 });
      console.log(`SAP_SL_URL is not set: checking against the embedded simulator (${simulator.stateFile}).`);
      return { env: { ...env, SAP_SL_URL: simulator.url }, close: () => simulator.close() };
    },
    async run({ accounts }) {
      try {
        const result = await accounts.sapCheck();
        const count = result.problems.length + result.postingAccountProblems.length;
        console.log(
          `${result.checked} active ledger accounts checked against SAP Business One; ${count} problem(s).`,
        );
        for (const p of result.problems)
          console.log(`  ${p.accountNumber} ${p.description} (id ${p.id}): ${p.reason}`);
        for (const p of result.postingAccountProblems)
          console.log(`  ${p.accountNumber} ${p.name}: ${p.reason}`);
        return count ? 1 : 0;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        console.error(error.message);
        return 1;
      }
    },
  },
};
