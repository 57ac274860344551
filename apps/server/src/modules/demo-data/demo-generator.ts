import type { ImportKind, ImportRowInput } from '../imports/import-schemas.js';
import { containerCheckDigit } from '../imports/iso6346.js';
import {
  CONTAINER_OWNERS,
  CUSTOMERS,
  DEPOTS,
  PLATE_SERIES,
  ROUTES,
  TRAILER_SERIES,
  TRANSPORTERS,
  VAS_PRODUCTS,
  type Route,
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
};

/** One array per kind, each row in the import API's JSON shape. */
export type DemoDataSet = { [K in ImportKind]: ImportRowInput<K>[] };

export const DEMO_WINDOW_DAYS = 60;
export const MAX_DEMO_COUNT = 200_000;

const pad = (value: number, width: number) => String(value).padStart(width, '0');
/** Integer cents as an exact decimal string. */
const kes = (cents: number) => `${Math.trunc(cents / 100)}.${pad(cents % 100, 2)}`;
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** `day` minus `days`, on the calendar (no time zone involved). */
function dayBefore(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

type Trip = {
  dayOffset: number;
  startsAt: Date;
  route: Route;
  customer: (typeof CUSTOMERS)[number];
  transporter: (typeof TRANSPORTERS)[number];
  containerNumber: string;
  containerSize: '20ft' | '40ft';
  containerWeight: string;
  truckNumber: string;
  cargoRef: string;
  clientRef: string;
  salesCents: number;
  transporterCents: number;
  number?: string;
};

function drawTrip(random: Random, options: DemoDataOptions, clock: ZonedClock): Trip {
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
  const minutes = (n: number) => n * 60_000;
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

  const set: DemoDataSet = {
    'sales-invoices': [],
    'transporter-invoices': [],
    'cash-advances': [],
    'fuel-advances': [],
    'vas-transactions': [],
  };
  trips.forEach((trip, i) => {
    const tripNumber = trip.number!;
    const container = {
      containerNumber: trip.containerNumber,
      containerSize: trip.containerSize,
      containerWeight: trip.containerWeight,
    };
    set['sales-invoices'].push({
      sourceId: sourceId('SI', i),
      documentDate: when(trip.startsAt),
      clientName: trip.customer.name,
      customerCode: trip.customer.code,
      cargoRef: trip.cargoRef,
      clientRef: trip.clientRef,
      tripNumber,
      ...container,
      truckNumber: trip.truckNumber,
      route: trip.route.name,
      amount: kes(trip.salesCents),
    });
    set['transporter-invoices'].push({
      sourceId: sourceId('TI', i),
      documentDate: when(trip.startsAt),
      transporterName: trip.transporter.name,
      transporterCode: trip.transporter.code,
      cargoReference: trip.cargoRef,
      clientRef: trip.clientRef,
      tripNumber,
      ...container,
      truckNumber: trip.truckNumber,
      routeDetails: trip.route.name,
      invoiceAmount: kes(trip.transporterCents),
    });
    set['cash-advances'].push({
      sourceId: sourceId('CA', i),
      documentDate: when(new Date(trip.startsAt.getTime() - minutes(random.int(30, 180)))),
      tripNumber,
      route: trip.route.name,
      transporterName: trip.transporter.name,
      transporterCode: trip.transporter.code,
      truckNumber: trip.truckNumber,
      amount: kes(random.int(50, 500) * 100_00),
    });
    const depot = random.pick(DEPOTS[trip.route.origin] ?? DEPOTS.Mombasa!);
    const litres = Math.min(
      600,
      Math.max(100, Math.round((trip.route.km / 2.7) * (0.9 + random.next() * 0.2))),
    );
    set['fuel-advances'].push({
      sourceId: sourceId('FA', i),
      documentDate: when(new Date(trip.startsAt.getTime() - minutes(random.int(10, 120)))),
      tripNumber,
      route: trip.route.name,
      transporterName: trip.transporter.name,
      transporterCode: trip.transporter.code,
      truckNumber: trip.truckNumber,
      orderNumber: `FO-${random.int(100_000, 999_999)}`,
      warehouse: depot,
      description: `Diesel (AGO) for ${trip.route.name}`,
      originQuantity: `${litres}.000`,
      unitPrice: kes(random.int(165_00, 195_00)),
    });
    set['vas-transactions'].push(vasRow(random, trip, depot, sourceId('VAS', i), when));
  });
  return set;
}

function vasRow(
  random: Random,
  trip: Trip,
  depot: string,
  sourceId: string,
  when: (date: Date) => string,
): ImportRowInput<'vas-transactions'> {
  const product = random.weighted(VAS_PRODUCTS.map((p) => [p, p.weight] as const));
  const supplier = random.pick(product.suppliers);
  const quantity = random.int(product.quantity[0], product.quantity[1]);
  let buyingCents = random.int(product.buyingCents[0], product.buyingCents[1]);
  if (buyingCents >= 1_000_00) buyingCents = Math.round(buyingCents / 100_00) * 100_00; // big tickets in whole 100s
  // About one row in ten is sold below cost (the Post Loss permission guards posting those).
  const loss = random.chance(0.1);
  const basisPoints = loss
    ? -random.int(200, 1_000)
    : random.int(product.markupBasisPoints[0], product.markupBasisPoints[1]);
  const sellingCents = Math.round((buyingCents * (10_000 + basisPoints)) / 10_000);
  const tripBound = random.chance(product.tripBound);
  // Bought on the trip's day or up to two days later, never on or after the reference day.
  const laterDays = Math.min(random.int(0, 2), trip.dayOffset - 1);
  const boughtAt = new Date(trip.startsAt.getTime() + laterDays * 86_400_000 + random.int(0, 240) * 60_000);
  const stocked = product.type === 'Fuel' || product.type === 'Lubricants' || product.type === 'Tyres';
  return {
    sourceId,
    documentDate: when(boughtAt),
    tripNumber: tripBound ? trip.number! : null,
    transporterName: trip.transporter.name,
    transporterCode: trip.transporter.code,
    truckNumber: trip.truckNumber,
    orderNumber: `LPO-${random.int(100_000, 999_999)}`,
    supplierName: supplier.name,
    supplierCode: supplier.code,
    warehouse: stocked ? depot : null,
    description: random.pick(product.descriptions),
    productType: product.type,
    originQuantity: `${quantity}.000`,
    buyingUnitPrice: kes(buyingCents),
    sellingUnitPrice: kes(sellingCents),
  };
}
