import { z } from 'zod';
import { MONEY, optionalDecimal } from '../../../imports/import-fields.js';
import { advanceTripFields, importCommon, type ImportPiece } from '../shared/import.js';
import { advanceTripDemo, kes, minutes, type DemoPiece } from '../shared/demo.js';
import { cashAdvances } from './table.js';

export const cashAdvanceImport = {
  name: 'cash-advances',
  noun: ['cash advance', 'cash advances'],
  table: cashAdvances,
  startedStatus: cashAdvances.status,
  schema: (timeZone: string) =>
    z.object({
      ...importCommon(timeZone),
      ...advanceTripFields(),
      amount: optionalDecimal(MONEY),
    }),
} as const satisfies ImportPiece;

/** The trip's cash advance, paid out half an hour to three hours before it starts. */
export const cashAdvanceDemo: DemoPiece = ({ random, trip, sourceId, when }) => ({
  sourceId: sourceId('CA'),
  documentDate: when(new Date(trip.startsAt.getTime() - minutes(random.int(30, 180)))),
  ...advanceTripDemo(trip),
  amount: kes(random.int(50, 500) * 100_00),
});
