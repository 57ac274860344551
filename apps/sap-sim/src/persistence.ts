import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type {
  Account,
  BusinessPartner,
  BusinessPlace,
  CompanySettings,
  Counters,
  Currency,
  DistributionRule,
  RateOverrides,
  StoredDocument,
  VatGroup,
} from './records.js';

/** The JSON file a simulator with `stateFile` keeps: everything but sessions, config and stats. */
export interface PersistedState {
  format: 'ff-sap-sim-state';
  version: 1;
  savedAt: string;
  accounts: Account[];
  businessPartners: BusinessPartner[];
  lockedPeriods: string[];
  /** Added later: files without it have no closed periods. */
  closedPeriods?: string[];
  journalEntries: StoredDocument[];
  invoices: StoredDocument[];
  purchaseInvoices: StoredDocument[];
  counters: Counters;
  /** Added with currencies, VAT, dimensions and branches: files without them load the seed's. */
  company?: CompanySettings;
  currencies?: Currency[];
  rates?: RateOverrides;
  vatGroups?: VatGroup[];
  distributionRules?: DistributionRule[];
  businessPlaces?: BusinessPlace[];
}

export function readStateFile(file: string): PersistedState | undefined {
  if (!existsSync(file)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `SAP simulator state file ${file} is not valid JSON (${String(error)}); fix or delete it`,
    );
  }
  const state = parsed as Partial<PersistedState> | null;
  const arrays = [
    'accounts',
    'businessPartners',
    'lockedPeriods',
    'journalEntries',
    'invoices',
    'purchaseInvoices',
  ];
  if (
    state?.format !== 'ff-sap-sim-state' ||
    state.version !== 1 ||
    typeof state.counters !== 'object' ||
    arrays.some((key) => !Array.isArray((state as Record<string, unknown>)[key])) ||
    (state.closedPeriods !== undefined && !Array.isArray(state.closedPeriods))
  ) {
    throw new Error(
      `SAP simulator state file ${file} is not a version 1 simulator state; delete it to start afresh`,
    );
  }
  return state as PersistedState;
}

/**
 * Written synchronously before the reply goes out, so "the call returned" (or its reply was dropped) always
 * means "the change is on disk". Temp file + rename: a crash mid-write leaves the old file whole.
 */
export function writeStateFile(file: string, state: PersistedState): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(state, null, 1));
  renameSync(temp, file);
}
