import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { sapPostingAccounts } from '../../config/sap-accounts.js';
import type { Database } from '../../db/client.js';
import { startEmbeddedSimulator, type EmbeddedSimulator } from '../../erp/embedded-simulator.js';
import { createServiceLayerClient, type ServiceLayerClient } from '../../erp/service-layer-client.js';
import { HttpError } from '../../lib/errors.js';
import { auditChainKey } from '../audits/audit-chain.js';
import { createAuditRepository } from '../audits/audit.repository.js';
import { createAuditService } from '../audits/audit.service.js';
import { commandLineContext, userPath, type CliCommand, type CliEnv } from '../imports/imports.commands.js';
import { createConnectionSettingsRepository } from '../settings/connection-settings.repository.js';
import { createStoredSapCredentials, sapPasswordBox } from '../settings/stored-sap-credentials.js';
import { createAccountsService, type ImportReport } from './accounts.service.js';
import { CsvFileError, REQUIRED_COLUMNS } from './ledger-accounts-csv.js';
import { createLedgerAccountsRepository } from './ledger-accounts.repository.js';

function accountsService(database: Database, sap: ServiceLayerClient, env: CliEnv) {
  return createAccountsService({
    db: database.db,
    repository: createLedgerAccountsRepository(database.db),
    sap,
    postingAccounts: sapPostingAccounts(env),
    audit: createAuditService(
      createAuditRepository(database.db, auditChainKey(env.APP_KEY)),
      env.APP_TIMEZONE,
    ),
  });
}

export function formatAccountsImport(report: ImportReport, source: string): string {
  const lines = [
    `${source}: ${report.inserted} added, ${report.updated} updated, ${report.rejected.length} rejected.`,
  ];
  for (const row of report.rejected) lines.push(`  line ${row.line}: ${row.reason}`);
  return lines.join('\n');
}

export const accountCommands: Record<string, CliCommand> = {
  'accounts:import': {
    help: `Imports ledger accounts from a CSV (${REQUIRED_COLUMNS.join(', ')}[, isActive]); upserts by accountNumber.`,
    async run(database, args, env) {
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
      // Importing never calls SAP; the client is only there to satisfy the service.
      const sap = createServiceLayerClient({ baseUrl: undefined, credentials: async () => null });
      try {
        const report = await accountsService(database, sap, env).importCsv(
          text,
          basename(path),
          commandLineContext(),
        );
        const output = formatAccountsImport(report, basename(path));
        if (report.rejected.length) console.error(output);
        else console.log(output);
        return report.rejected.length ? 1 : 0;
      } catch (error) {
        if (!(error instanceof CsvFileError)) throw error;
        console.error(`${basename(path)}: ${error.message}`);
        return 1;
      } finally {
        await sap.close();
      }
    },
  },

  'accounts:check': {
    help: "Checks every active ledger account and the posting accounts against SAP's chart of accounts.",
    async run(database, _args, env) {
      let simulator: EmbeddedSimulator | undefined;
      if (!env.SAP_SL_URL) {
        simulator = await startEmbeddedSimulator({ dataDir: env.DATA_DIR, port: 0 });
        console.log(
          `SAP_SL_URL is not set: checking against the embedded simulator (${simulator.stateFile}).`,
        );
      }
      const credentials = createStoredSapCredentials(
        createConnectionSettingsRepository(database.db),
        sapPasswordBox(env.APP_KEY),
      );
      const sap = createServiceLayerClient({
        baseUrl: env.SAP_SL_URL ?? simulator?.url,
        timeoutMs: env.SAP_TIMEOUT_MS,
        caFile: env.SAP_CA_FILE,
        credentials: credentials.read,
      });
      try {
        const result = await accountsService(database, sap, env).sapCheck();
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
      } finally {
        await sap.close();
        await simulator?.close();
      }
    },
  },
};
