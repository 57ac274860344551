import {
  CONTAINER_OWNERS,
  CUSTOMERS,
  PLATE_SERIES,
  ROUTES,
  TRAILER_SERIES,
} from '../../apps/server/src/modules/demo-data/catalogue.js';
import { createRandom } from '../../apps/server/src/modules/demo-data/prng.js';
import { zonedClock } from '../../apps/server/src/modules/demo-data/zoned-clock.js';
import { MAX_IMPORT_ROWS } from '../../apps/server/src/modules/imports/imports.routes.js';
import { containerCheckDigit } from '../../apps/server/src/modules/imports/iso6346.js';
import { addDays, TIME_ZONE } from './database.js';

/** The import benchmark's rows (scale-import.ts): generated sales invoices, and their CSV cells for COPY. */

/** Rows per import API call: the most one call takes. */
export const ROWS_PER_CALL = MAX_IMPORT_ROWS;

/** A CSV cell: quoted when it holds a comma, quote or line break; an empty cell is NULL (COPY's CSV default). */
export const csvCell = (value: unknown) => {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const LETTERS = [...'ABCDEFGHJKLMNPQRSTUVWXYZ'];
const WEIGHTED_ROUTES = ROUTES.map((route) => [route, route.weight] as const);

/**
 * Call `call`'s sales invoices, deterministic (seed `scale-import-<call>`): the demo generator's customers,
 * routes, container owners (valid ISO 6346 check digits) and plates, document dates over the last 365 days,
 * source ids SCALE-SI-0000001... The demo generator itself draws all five kinds of every trip, five times the
 * work (145 s for 1,000,000 trips on a busy machine), so the benchmark draws the one kind it imports.
 */
export function salesInvoiceRows(call: number, count: number, today: string): Record<string, string>[] {
  const random = createRandom(`scale-import-${call}`);
  const clock = zonedClock(TIME_ZONE);
  const rows: Record<string, string>[] = [];
  for (let i = 0; i < count; i += 1) {
    const n = call * ROWS_PER_CALL + i + 1;
    const customer = random.pick(CUSTOMERS);
    const route = random.weighted(WEIGHTED_ROUTES);
    const owner = random.pick(CONTAINER_OWNERS);
    const prefix = `${owner.code}${pad(random.int(0, 999_999), 6)}`;
    const forty = random.chance(0.45);
    const weightKg = forty ? random.int(1_200, 3_000) * 10 : random.int(800, 2_800) * 10;
    const startsAt = clock.at(addDays(today, -random.int(1, 365)), random.int(6, 18), random.int(0, 59));
    rows.push({
      sourceId: `SCALE-SI-${pad(n, 7)}`,
      documentDate: clock.format(startsAt),
      clientName: customer.name,
      customerCode: customer.code,
      cargoRef: `${owner.line}${random.int(10_000_000, 99_999_999)}`,
      clientRef: `PO-${customer.short}-${random.int(10_000, 99_999)}`,
      tripNumber: `TRP-${startsAt.getUTCFullYear()}-${pad(n, 7)}`,
      containerNumber: `${prefix}${containerCheckDigit(prefix)}`,
      containerSize: forty ? '40ft' : '20ft',
      containerWeight: `${String(weightKg).replace(/\B(?=(\d{3})+$)/g, ',')} kg`,
      truckNumber:
        `${random.pick(PLATE_SERIES)} ${random.int(100, 999)}${random.pick(LETTERS)} / ` +
        `${random.pick(TRAILER_SERIES)} ${random.int(1000, 9999)}`,
      route: route.name,
      amount: `${random.int(160, 900) * 500}.00`,
    });
  }
  return rows;
}
