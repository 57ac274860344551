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
import type { KindTable } from './kind.js';

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

/** The container fields of sales and transporter invoices. */
export const containerFields = () => ({
  containerNumber: containerNumber(),
  containerSize: containerSize(),
  containerWeight: optionalText(40),
});

/** The trip and transporter fields of the advances (cash and fuel). */
export const advanceTripFields = () => ({
  tripNumber: requiredText(50),
  route: optionalText(200),
  transporterName: requiredText(200),
  transporterCode: partnerCode(),
  truckNumber: optionalText(40),
});
