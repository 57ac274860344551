import { readStateFile, writeStateFile, type PersistedState } from './persistence.js';
import type {
  Account,
  BusinessPartner,
  BusinessPlace,
  CompanySettings,
  Counters,
  Currency,
  DistributionRule,
  RateOverrides,
  VatGroup,
  DocumentSetName,
  EntityRecord,
  StoredDocument,
} from './records.js';
import { seedAccounts, seedBusinessPartners, seedPostingPeriods } from './seed.js';
import {
  SEED_BUSINESS_PLACES,
  SEED_CURRENCIES,
  SEED_DISTRIBUTION_RULES,
  SEED_VAT_GROUPS,
  seedCompany,
} from './seed-finance.js';

/** The company database: master data, posting periods, posted documents and number series. */
export interface SimData {
  accounts: Map<string, Account>;
  partners: Map<string, BusinessPartner>;
  /** Every defined posting period (`yyyy-MM`); a date outside them cannot be posted. */
  periods: ReadonlySet<string>;
  lockedPeriods: Set<string>;
  /** Periods in "period closing" status: like locked ones, nothing posts into them. */
  closedPeriods: Set<string>;
  documents: Record<DocumentSetName, StoredDocument[]>;
  counters: Counters;
  company: CompanySettings;
  currencies: Map<string, Currency>;
  /** Set or deleted daily rates over the computed seed (rates.ts). */
  rates: RateOverrides;
  vatGroups: Map<string, VatGroup>;
  distributionRules: Map<string, DistributionRule>;
  businessPlaces: Map<number, BusinessPlace>;
}

/** The finance set-up, from the seed or from a state file (files written before it existed get the seed). */
function financeData(state: Partial<PersistedState> = {}) {
  return {
    company: { ...seedCompany(), ...state.company },
    currencies: new Map((state.currencies ?? SEED_CURRENCIES).map((c) => [c.Code, { ...c }])),
    rates: { ...state.rates },
    vatGroups: new Map((state.vatGroups ?? SEED_VAT_GROUPS).map((v) => [v.Code, structuredClone(v)])),
    distributionRules: new Map(
      (state.distributionRules ?? SEED_DISTRIBUTION_RULES).map((r) => [r.FactorCode, { ...r }]),
    ),
    businessPlaces: new Map((state.businessPlaces ?? SEED_BUSINESS_PLACES).map((b) => [b.BPLID, { ...b }])),
  };
}

// Distinct starting numbers so a client that mixes up JdtNum and Number, or DocEntry and DocNum, is caught.
const firstCounters = (): Counters => ({
  nextJdtNum: 1001,
  nextJournalNumber: 501,
  nextInvoiceDocEntry: 1,
  nextInvoiceDocNum: 1_000_001,
  nextPurchaseDocEntry: 1,
  nextPurchaseDocNum: 5_000_001,
});

function freshData(seed: boolean): SimData {
  return {
    accounts: new Map(seed ? seedAccounts().map((a) => [a.Code, a]) : []),
    partners: new Map(seed ? seedBusinessPartners().map((p) => [p.CardCode, p]) : []),
    periods: new Set(seedPostingPeriods()),
    lockedPeriods: new Set(),
    closedPeriods: new Set(),
    documents: { JournalEntries: [], Invoices: [], PurchaseInvoices: [] },
    counters: firstCounters(),
    ...financeData(),
  };
}

function fromPersisted(state: PersistedState): SimData {
  return {
    accounts: new Map(state.accounts.map((a) => [a.Code, a])),
    partners: new Map(state.businessPartners.map((p) => [p.CardCode, p])),
    periods: new Set(seedPostingPeriods()),
    lockedPeriods: new Set(state.lockedPeriods),
    // Files written before periods could be closed have no closedPeriods.
    closedPeriods: new Set(state.closedPeriods ?? []),
    documents: {
      JournalEntries: state.journalEntries,
      Invoices: state.invoices.map(withCancelStatus),
      PurchaseInvoices: state.purchaseInvoices.map(withCancelStatus),
    },
    counters: { ...firstCounters(), ...state.counters },
    ...financeData(state),
  };
}

/** Documents saved before CancelStatus was kept get it from their Cancelled flag, placed after it. */
function withCancelStatus(document: StoredDocument): StoredDocument {
  if (document.entity.CancelStatus !== undefined) return document;
  const entity: EntityRecord = {};
  for (const [name, value] of Object.entries(document.entity)) {
    entity[name] = value;
    if (name === 'Cancelled') entity.CancelStatus = value === 'tYES' ? 'csYes' : 'csNo';
  }
  entity.CancelStatus ??= document.meta.cancelled ? 'csYes' : 'csNo';
  return { ...document, entity };
}

export class SimStore {
  data: SimData;

  constructor(private readonly options: { stateFile?: string; seed: boolean }) {
    const persisted = options.stateFile ? readStateFile(options.stateFile) : undefined;
    this.data = persisted ? fromPersisted(persisted) : freshData(options.seed);
    if (!persisted) this.commit();
  }

  /** Back to the seed (or empty, with seed: false); the state file is rewritten. */
  reset(): void {
    this.data = freshData(this.options.seed);
    this.commit();
  }

  /** Call after every change, before replying. */
  commit(): void {
    if (!this.options.stateFile) return;
    const { data } = this;
    writeStateFile(this.options.stateFile, {
      format: 'ff-sap-sim-state',
      version: 1,
      savedAt: new Date().toISOString(),
      accounts: [...data.accounts.values()],
      businessPartners: [...data.partners.values()],
      lockedPeriods: [...data.lockedPeriods].sort(),
      closedPeriods: [...data.closedPeriods].sort(),
      journalEntries: data.documents.JournalEntries,
      invoices: data.documents.Invoices,
      purchaseInvoices: data.documents.PurchaseInvoices,
      counters: data.counters,
      company: data.company,
      currencies: [...data.currencies.values()],
      rates: data.rates,
      vatGroups: [...data.vatGroups.values()],
      distributionRules: [...data.distributionRules.values()],
      businessPlaces: [...data.businessPlaces.values()],
    });
  }
}
