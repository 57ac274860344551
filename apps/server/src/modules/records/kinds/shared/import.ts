import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  containerNumber,
  containerSize,
  documentDate,
  optionalText,
  partnerCode,
  requiredText,
} from '../../../imports/import-fields.js';
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
});

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
