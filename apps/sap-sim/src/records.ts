import type { EnumValue } from './entities.js';

/** What the simulator keeps; field names are SAP's so a record can be returned as the entity it is. */
export type YesNo = EnumValue<'BoYesNoEnum'>;

export interface Account {
  Code: string;
  Name: string;
  AccountType: EnumValue<'BoAccountTypes'>;
  ActiveAccount: YesNo;
  FrozenFor: YesNo;
}

export interface BusinessPartner {
  CardCode: string;
  CardName: string;
  CardType: EnumValue<'BoCardTypes'>;
  Frozen: YesNo;
  /** The control account a business-partner journal line really posts to. */
  DebitorAccount: string;
  /** The partner's default VAT group (OCRD.ECVatGroup), when set. */
  VatGroup?: string | null;
}

/** A JSON value as the Service Layer returns it; dates are kept as `yyyy-MM-dd` and rendered per version. */
export type EntityValue = string | number | null | EntityRecord[];
export interface EntityRecord {
  [property: string]: EntityValue;
}

/** Simulator-only facts kept beside a posted document; never returned on /b1s paths. */
export interface PostingMeta {
  postedAt: string;
  cancelled: boolean;
  cancelledAt?: string;
  /**
   * The reversal entry (JournalEntries) or cancellation document (Invoices, PurchaseInvoices) a Cancel created,
   * and on that document the key of the one it cancels.
   */
  reversedBy?: number;
  reversalOf?: number;
}

export interface StoredDocument {
  entity: EntityRecord;
  meta: PostingMeta;
}

export interface Counters {
  nextJdtNum: number;
  nextJournalNumber: number;
  nextInvoiceDocEntry: number;
  nextInvoiceDocNum: number;
  nextPurchaseDocEntry: number;
  nextPurchaseDocNum: number;
}

export type DocumentSetName = 'JournalEntries' | 'Invoices' | 'PurchaseInvoices';

/** OADM, the company settings the simulator honours. */
export interface CompanySettings {
  CompanyName: string;
  Country: string;
  LocalCurrency: string;
  SystemCurrency: string;
  EnableBranches: YesNo;
}

export interface Currency {
  Code: string;
  Name: string;
  DocumentsCode: string;
  InternationalDescription: string;
  HundredthName: string;
  EnglishName: string;
  EnglishHundredthName: string;
}

export interface VatGroupLine {
  /** `yyyy-MM-dd`. */
  Effectivefrom: string;
  /** Percent, e.g. 16. */
  Rate: number;
}

export interface VatGroup {
  Code: string;
  Name: string;
  Category: EnumValue<'BoVatCategoryEnum'>;
  TaxAccount: string;
  Inactive: YesNo;
  VatGroups_Lines: VatGroupLine[];
}

export interface DistributionRule {
  FactorCode: string;
  FactorDescription: string;
  TotalFactor: number;
  Direct: 'Y' | 'N';
  /** 1..5: CostingCode is dimension 1, CostingCode2 dimension 2, ... */
  InWhichDimension: number;
  Active: YesNo;
}

export interface BusinessPlace {
  BPLID: number;
  BPLName: string;
  VATRegNum: string;
  MainBPL: YesNo;
  Disabled: YesNo;
  City: string;
  Country: string;
}

/** The rates set or deleted by /__sim/rates, over the computed seed: `USD|2026-11-27` -> micros, or null (none). */
export type RateOverrides = Record<string, number | null>;
