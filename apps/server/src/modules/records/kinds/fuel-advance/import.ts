import { z } from 'zod';
import { MONEY, optionalText, QUANTITY, requiredDecimal } from '../../../imports/import-fields.js';
import { advanceTripFields, importCommon, type ImportPiece } from '../shared/import.js';
import { advanceTripDemo, kes, minutes, type DemoPiece } from '../shared/demo.js';
import { fuelAdvances } from './table.js';

export const fuelAdvanceImport = {
  name: 'fuel-advances',
  noun: ['fuel advance', 'fuel advances'],
  table: fuelAdvances,
  startedStatus: fuelAdvances.status,
  schema: (timeZone: string) =>
    z.object({
      ...importCommon(timeZone),
      ...advanceTripFields(),
      orderNumber: optionalText(50),
      warehouse: optionalText(50),
      description: optionalText(200),
      originQuantity: requiredDecimal(QUANTITY),
      unitPrice: requiredDecimal(MONEY),
    }),
} as const satisfies ImportPiece;

/** The trip's fuel: about a litre per 2.7 km (100-600 l) at the trip's depot, drawn before it starts. */
export const fuelAdvanceDemo: DemoPiece = ({ random, trip, sourceId, when, depot }) => {
  const warehouse = depot();
  const litres = Math.min(
    600,
    Math.max(100, Math.round((trip.route.km / 2.7) * (0.9 + random.next() * 0.2))),
  );
  return {
    sourceId: sourceId('FA'),
    documentDate: when(new Date(trip.startsAt.getTime() - minutes(random.int(10, 120)))),
    ...advanceTripDemo(trip),
    orderNumber: `FO-${random.int(100_000, 999_999)}`,
    warehouse,
    description: `Diesel (AGO) for ${trip.route.name}`,
    originQuantity: `${litres}.000`,
    unitPrice: kes(random.int(165_00, 195_00)),
  };
};
