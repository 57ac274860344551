import type { AccountsQuery, LedgerAccount, LedgerAccountsSapCheck } from '@ff/contract';
import { SAP_POSTING_ACCOUNT_VARIABLES, type SapPostingAccounts } from '../../config/sap-accounts.js';
import type { Db } from '../../db/client.js';
import { isSapError } from '../../erp/sap-error.js';
import type { ServiceLayerClient } from '../../erp/service-layer-client.js';
import { HttpError } from '../../lib/errors.js';
import type { AuditContext, AuditService } from '../audits/audit.service.js';
import { parseLedgerAccountsCsv, type CsvRejection } from './ledger-accounts-csv.js';
import type { LedgerAccountsRepository } from './ledger-accounts.repository.js';

type ChartAccount = { Code: string; Name?: string; ActiveAccount?: string; FrozenFor?: string };

const POSTING_ACCOUNT_LABELS: Record<keyof SapPostingAccounts, string> = {
  freightRevenue: 'Freight revenue',
  transportCost: 'Transport cost',
  accruedTransporterCosts: 'Accrued transporter costs',
};

/** Why SAP would refuse a posting to this account, or null when it would accept it. */
function problemWith(account: ChartAccount | undefined): string | null {
  if (!account) return 'The account does not exist in SAP Business One.';
  if (account.ActiveAccount !== 'tYES') return 'The account is inactive in SAP Business One.';
  if (account.FrozenFor === 'tYES') return 'The account is frozen in SAP Business One.';
  return null;
}

export type ImportReport = { inserted: number; updated: number; rejected: CsvRejection[] };

export function createAccountsService(deps: {
  db: Db;
  repository: LedgerAccountsRepository;
  sap: ServiceLayerClient;
  postingAccounts: SapPostingAccounts;
  audit: AuditService;
}) {
  const { db, repository, sap, audit } = deps;

  return {
    /** The active accounts of one type, for the posting screens' selects. */
    list(query: AccountsQuery): Promise<LedgerAccount[]> {
      return repository.listActiveByType(query.accountType);
    },

    /**
     * Checks every active local account, and the configured posting accounts, against SAP's chart of
     * accounts (read once): each must exist, be active and not be frozen.
     */
    async sapCheck(): Promise<LedgerAccountsSapCheck> {
      const local = await repository.listActive();
      let chart: ChartAccount[];
      try {
        chart = await sap.getAll<ChartAccount>('ChartOfAccounts', {
          $select: 'Code,Name,ActiveAccount,FrozenFor',
        });
      } catch (error) {
        if (!isSapError(error)) throw error;
        throw new HttpError(
          502,
          `The ledger accounts could not be checked against SAP Business One: ${error.message}`,
        );
      }
      const byCode = new Map(chart.map((a) => [a.Code, a]));
      const problems = local.flatMap((account) => {
        const reason = problemWith(byCode.get(account.accountNumber));
        return reason
          ? [
              {
                id: account.id,
                accountNumber: account.accountNumber,
                description: account.description,
                reason,
              },
            ]
          : [];
      });
      const postingAccountProblems = (
        Object.keys(POSTING_ACCOUNT_LABELS) as (keyof SapPostingAccounts)[]
      ).flatMap((name) => {
        const accountNumber = deps.postingAccounts[name];
        const reason = problemWith(byCode.get(accountNumber));
        return reason
          ? [
              {
                name: `${POSTING_ACCOUNT_LABELS[name]} (${SAP_POSTING_ACCOUNT_VARIABLES[name]})`,
                accountNumber,
                reason,
              },
            ]
          : [];
      });
      return { checked: local.length, problems, postingAccountProblems };
    },

    /** Imports a ledger-account CSV: valid lines are upserted by account number, bad lines reported. */
    async importCsv(text: string, source: string, context: AuditContext): Promise<ImportReport> {
      const { rows, rejected } = parseLedgerAccountsCsv(text);
      const counts = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const result = await repository.upsert(
          rows.map(({ line: _line, ...values }) => values),
          tx,
        );
        await audit.record(
          context,
          `Imported ledger accounts from ${source}: ${result.inserted} added, ${result.updated} updated, ${rejected.length} rejected`,
          tx,
        );
        return result;
      });
      return { ...counts, rejected };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
