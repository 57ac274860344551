import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  containerNumber,
  containerSize,
  documentDate,
  optionalText,
  partnerCode,
  requiredText,
} from '../../../imports/import-fields.js';
import { branchId, currencyCode } from '../../../imports/company-fields.js';
import type { KindTable } from './columns.js';

/**
 * A kind's import (the kind that brings a table's rows): the name the import API and CLI use, nouns for the
 * audit log, the table, the status column that says its posting has started (rows are then left unchanged),
 * and the row schema. Field names are those of the lists (packages/contract records.ts) plus the
 * business-partner codes SAP needs and the source system's own id, the key of the upsert.
 */
export type ImportPiece = {
  readonly name: string;
  readonly noun: readonly [string, string];
  readonly table: KindTable;
  readonly startedStatus: PgColumn;
  schema(timeZone: string): z.ZodObject;
};

/** The fields every import row has. */
export const importCommon = (timeZone: string) => ({
  sourceId: requiredText(100),
  documentDate: documentDate(timeZone),
  currency: currencyCode(),
  branch: branchId(),
});

/** What a kind's import declares: its name, nouns and own fields; `startedStatus` as in `ImportPiece`. */
type ImportDeclaration<N extends string, F extends z.ZodRawShape> = {
  name: N;
  noun: readonly [string, string];
  fields: F;
  startedStatus?: PgColumn;
};

/** The import piece `declareImport` makes, typed by its name, table and the kind's own fields. */
export type DeclaredImport<N extends string, T extends KindTable, F extends z.ZodRawShape> = {
  readonly name: N;
  readonly noun: readonly [string, string];
  readonly table: T;
  readonly startedStatus: PgColumn;
  schema(timeZone: string): z.ZodObject<ReturnType<typeof importCommon> & F>;
};

/**
 * A kind's import piece (`ImportPiece`): its rows have the common fields (`importCommon`), then the kind's own
 * `fields`. The status column that says its posting has started is by default the table's `status` (a table
 * of one posting step); a table of two steps names its first step's.
 */
export function declareImport<const N extends string, T extends KindTable, F extends z.ZodRawShape>(
  table: T & { status: PgColumn },
  piece: ImportDeclaration<N, F>,
): DeclaredImport<N, T, F>;
export function declareImport<const N extends string, T extends KindTable, F extends z.ZodRawShape>(
  table: T,
  piece: ImportDeclaration<N, F> & { startedStatus: PgColumn },
): DeclaredImport<N, T, F>;
export function declareImport<const N extends string, T extends KindTable, F extends z.ZodRawShape>(
  table: T & { status?: PgColumn },
  piece: ImportDeclaration<N, F>,
): DeclaredImport<N, T, F> {
  return {
    name: piece.name,
    noun: piece.noun,
    table,
    startedStatus: (piece.startedStatus ?? table.status)!,
    schema: (timeZone: string) => z.object({ ...importCommon(timeZone), ...piece.fields }),
  };
}

/** The transporter (a business partner) a record is for. */
export const transporterFields = () => ({
  transporterName: requiredText(200),
  transporterCode: partnerCode(),
});

/** The trip, its container and truck, as the invoices (sales and transporter) carry them. */
export const tripContainerFields = () => ({
  tripNumber: requiredText(50),
  containerNumber: containerNumber(),
  containerSize: containerSize(),
  containerWeight: optionalText(40),
  truckNumber: optionalText(40),
});

/** The trip, route, transporter and truck, as the advances (cash and fuel) carry them. */
export const advanceTripFields = () => ({
  tripNumber: requiredText(50),
  route: optionalText(200),
  ...transporterFields(),
  truckNumber: optionalText(40),
});
