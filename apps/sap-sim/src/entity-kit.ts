/**
 * The building blocks of entities.ts and entities-finance.ts: property and type definitions, SAP's enums and the
 * helpers that declare a type. Kept apart so both lists can use them without importing each other.
 */
export type EdmType = 'Edm.String' | 'Edm.Int32' | 'Edm.Double' | 'Edm.DateTime' | `SAPB1.${EnumName}`;

export interface PropertyDef {
  readonly type: EdmType | 'lines';
  readonly maxLength?: number;
}

export interface StructuredTypeDef {
  /** The EntityType or ComplexType name in $metadata. */
  readonly name: string;
  /** Everything the simulator returns, in SAP's order; also what $select, $filter and $orderby may name. */
  readonly properties: Readonly<Record<string, PropertyDef>>;
  /** What a POST body may carry; anything else is refused. */
  readonly writable: readonly string[];
  /** For the one collection property of a type: its name and the line ComplexType. */
  readonly lines?: { readonly property: string; readonly type: StructuredTypeDef };
}

export interface EntityTypeDef extends StructuredTypeDef {
  readonly key: string;
}

/** Enum values travel as member names; only the members the simulator produces or accepts are listed. */
export const ENUMS = {
  BoYesNoEnum: ['tYES', 'tNO'],
  BoAccountTypes: ['at_Revenues', 'at_Expenses', 'at_Other'],
  BoCardTypes: ['cCustomer', 'cSupplier'],
  BoDocumentTypes: ['dDocument_Items', 'dDocument_Service'],
  BoStatus: ['bost_Open', 'bost_Close'],
  TransTypesEnum: ['ttJournalEntry'],
  CancelStatusEnum: ['csNo', 'csYes', 'csCancellation'],
  PeriodStatusEnum: ['ltUnlocked', 'ltLocked', 'ltPeriodClosing'],
  BoVatCategoryEnum: ['bovcInputTax', 'bovcOutputTax'],
} as const;

export type EnumName = keyof typeof ENUMS;
export type EnumValue<N extends EnumName> = (typeof ENUMS)[N][number];

export const str = (maxLength?: number): PropertyDef =>
  maxLength ? { type: 'Edm.String', maxLength } : { type: 'Edm.String' };
export const int: PropertyDef = { type: 'Edm.Int32' };
export const dbl: PropertyDef = { type: 'Edm.Double' };
export const date: PropertyDef = { type: 'Edm.DateTime' };
export const enumOf = (name: EnumName): PropertyDef => ({ type: `SAPB1.${name}` });
export const lines: PropertyDef = { type: 'lines' };

/** A type whose POST body may carry every property except those SAP sets itself (`setBySap`), in SAP's order. */
export function structuredType(
  name: string,
  properties: Readonly<Record<string, PropertyDef>>,
  setBySap: readonly string[] = [],
): StructuredTypeDef {
  return { name, properties, writable: Object.keys(properties).filter((key) => !setBySap.includes(key)) };
}

/** An entity type: a structured type with the key property its entity set is addressed by. */
export function entityType(
  name: string,
  key: string,
  properties: Readonly<Record<string, PropertyDef>>,
  setBySap: readonly string[] = [],
): EntityTypeDef {
  return { ...structuredType(name, properties, setBySap), key };
}
