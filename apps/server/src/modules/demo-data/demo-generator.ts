import { RECORD_KIND_NAMES } from '@ff/contract';
import type { ImportKind, ImportRowInput } from '../imports/import-schemas.js';
import { containerCheckDigit } from '../imports/iso6346.js';
import { SERVER_KINDS } from '../records/kinds/index.js';
import type { DemoPiece, Trip } from '../records/kinds/shared/demo.js';
import type { ImportPiece } from '../records/kinds/shared/import.js';
import {
  CONTAINER_OWNERS,
  CUSTOMERS,
  DEPOTS,
  PLATE_SERIES,
  ROUTES,
  TRAILER_SERIES,
  TRANSPORTERS,
} from './catalogue.js';
import { createRandom, type Random } from './prng.js';
import { zonedClock, type ZonedClock } from './zoned-clock.js';

export type DemoDataOptions = {
  /** Records per kind (one trip each). */
  count: number;
  seed: string | number;
  /** The reference day `yyyy-MM-dd`: every document date falls in the 60 days before it. */
  today: string;
  /** Wall-clock times are chosen in this zone and written with its offset. */
  timeZone: string;
  /**
   * Transit trips in USD and sales invoices with VAT groups (shared/demo.ts `foreign`): the start-up set and the
   * demo-data command. Off (the default): every record in the local currency without a VAT group, as the spec's.
   */
  foreign?: boolean;
};

/** One array per kind, each row in the import API's JSON shape. */
export type DemoDataSet = { [K in ImportKind]: ImportRowInput<K>[] };

export const DEMO_WINDOW_DAYS = 60;
export const MAX_DEMO_COUNT = 200_000;

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** `day` minus `days`, on the calendar (no time zone involved). */
function dayBefore(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

function drawTrip(
  random: Random,
  options: DemoDataOptions,
  clock: ZonedClock,
): Omit<Trip, 'number'> & { number?: string } {
  const dayOffset = random.int(1, DEMO_WINDOW_DAYS);
  const minute = random.int(6 * 60, 18 * 60 + 59);
  const route = random.weighted(ROUTES.map((r) => [r, r.weight] as const));
  const customer = random.pick(CUSTOMERS);
  const transporter = random.pick(TRANSPORTERS);
  const owner = random.pick(CONTAINER_OWNERS);
  const prefix = `${owner.code}${pad(random.int(0, 999_999), 6)}`;
  const containerSize = random.chance(0.45) ? '40ft' : '20ft';
  const weightKg = containerSize === '40ft' ? random.int(1_200, 3_000) * 10 : random.int(800, 2_800) * 10;
  const truckNumber =
    `${random.pick(PLATE_SERIES)} ${random.int(100, 999)}${random.pick([...LETTERS])} / ` +
    `${random.pick(TRAILER_SERIES)} ${random.int(1000, 9999)}`;
  // Freight priced by distance, a 40ft box dearer, in whole 500s of shillings within 80,000-450,000.
  const perKm = random.int(170, 230);
  const raw = (80_000 + route.km * perKm) * (containerSize === '40ft' ? 1.15 : 1);
  const salesShillings = Math.min(450_000, Math.max(80_000, Math.round(raw / 500) * 500));
  const salesCents = salesShillings * 100;
  // The transporter is paid 70-85% of the sale, in whole shillings.
  const transporterCents = Math.round((salesShillings * random.int(7_000, 8_500)) / 10_000) * 100;
  return {
    dayOffset,
    startsAt: clock.at(dayBefore(options.today, dayOffset), Math.floor(minute / 60), minute % 60),
    route,
    customer,
    transporter,
    containerNumber: `${prefix}${containerCheckDigit(prefix)}`,
    containerSize,
    containerWeight: `${String(weightKg).replace(/\B(?=(\d{3})+$)/g, ',')} kg`,
    truckNumber,
    cargoRef: `${owner.line}${random.int(10_000_000, 99_999_999)}`,
    clientRef: `PO-${customer.short}-${random.int(10_000, 99_999)}`,
    salesCents,
    transporterCents,
  };
}

/**
 * A realistic, deterministic demo set: `count` trips on Northern Corridor routes, each with a sales invoice,
 * a transporter invoice, a cash advance, a fuel advance and a VAS transaction. The same options always give
 * the same output; the seed alone changes everything.
 */
export function generateDemoData(options: DemoDataOptions): DemoDataSet {
  if (!Number.isInteger(options.count) || options.count < 0 || options.count > MAX_DEMO_COUNT) {
    throw new RangeError(`count must be a whole number from 0 to ${MAX_DEMO_COUNT}`);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(options.today)) throw new RangeError('today must be a day yyyy-MM-dd');
  const random = createRandom(options.seed);
  const clock = zonedClock(options.timeZone);
  const when = (date: Date) => clock.format(date);
  const label = String(options.seed)
    .replace(/[^A-Za-z0-9]+/g, '-')
    .slice(0, 20);
  const sourceId = (kind: string, i: number) => `DEMO-${label}-${kind}-${pad(i + 1, 6)}`;

  const trips = Array.from({ length: options.count }, () => drawTrip(random, options, clock));
  // Trip numbers rise with the trip date, as the transport system issues them.
  trips.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const firstNumber = random.int(1_000, 8_000);
  trips.forEach((trip, i) => {
    trip.number = `TRP-${clock.format(trip.startsAt).slice(0, 4)}-${pad(firstNumber + i, 6)}`;
  });

  // Each kind that brings a table's rows draws its row of every trip (kinds/<kind>/: its demo piece), in the registry's order.
  const pieces = RECORD_KIND_NAMES.flatMap((name) => {
    const kind = SERVER_KINDS[name] as { import?: ImportPiece; demo?: DemoPiece };
    return kind.import && kind.demo ? [{ name: kind.import.name as ImportKind, demo: kind.demo }] : [];
  });
  const set = Object.fromEntries(pieces.map((p) => [p.name, [] as unknown[]])) as DemoDataSet;
  trips.forEach((drawn, i) => {
    const trip = drawn as Trip;
    let depot: string | undefined;
    const context = {
      random,
      trip,
      sourceId: (code: string) => sourceId(code, i),
      when,
      depot: () => (depot ??= random.pick(DEPOTS[trip.route.origin] ?? DEPOTS.Mombasa!)),
      foreign: options.foreign ?? false,
    };
    for (const piece of pieces) (set[piece.name] as unknown[]).push(piece.demo(context));
  });
  return set;
}
