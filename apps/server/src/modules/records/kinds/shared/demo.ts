import type { Route } from '../../../demo-data/catalogue.js';
import type { Random } from '../../../demo-data/prng.js';

/** One trip of the demo company: every kind's demo row of the trip is drawn from it. */
export type Trip = {
  dayOffset: number;
  startsAt: Date;
  route: Route;
  customer: { code: string; name: string; short: string };
  transporter: { code: string; name: string };
  containerNumber: string;
  containerSize: '20ft' | '40ft';
  containerWeight: string;
  truckNumber: string;
  cargoRef: string;
  clientRef: string;
  salesCents: number;
  transporterCents: number;
  number: string;
};

/** What a kind's demo row is drawn with (modules/demo-data/demo-generator.ts). */
export type DemoRowContext = {
  random: Random;
  trip: Trip;
  /** A source id for the trip's row of this kind: DEMO-<seed>-<code>-<n>. */
  sourceId(code: string): string;
  /** An instant as the import API's date-time text in the demo's time zone. */
  when(date: Date): string;
  /** The trip's fuel depot, drawn once per trip by the first kind that asks. */
  depot(): string;
  /**
   * How SAP keeps the demo company's books (issue 25): transit trips (routes beyond Kenya) are billed and advanced in
   * USD, and sales invoices carry a VAT group (O0 zero-rated transit, O1 16% at home). Off: the spec's records.
   */
  foreign: boolean;
};

/** A kind's demo-data piece: one row per trip, in the import API's JSON shape. */
export type DemoPiece = (ctx: DemoRowContext) => Record<string, string | number | null>;

const pad = (value: number, width: number) => String(value).padStart(width, '0');
/** Integer cents as an exact decimal string. */
export const kes = (cents: number) => `${Math.trunc(cents / 100)}.${pad(cents % 100, 2)}`;
export const minutes = (n: number) => n * 60_000;

/** KES per USD the demo company prices transit work at (SAP applies its own day rate when posting). */
export const DEMO_USD_RATE = 129;
/** A shilling amount in cents as whole US dollars (at least 1), an exact decimal string. */
export const usdOfKes = (cents: number) => `${Math.max(1, Math.round(cents / 100 / DEMO_USD_RATE))}.00`;
/** A trip's amount in its billing currency: USD on a transit trip of the foreign-currency demo, else KES. */
export const tripMoney = (
  ctx: Pick<DemoRowContext, 'trip' | 'foreign'>,
  cents: number,
): Record<string, string> =>
  ctx.foreign && ctx.trip.route.transit
    ? { amount: usdOfKes(cents), currency: 'USD' }
    : { amount: kes(cents) };

/** The trip's transporter, as a demo row carries it. */
export const transporterDemo = (trip: Trip) => ({
  transporterName: trip.transporter.name,
  transporterCode: trip.transporter.code,
});

/** The trip, its container and truck, as the invoices' demo rows carry them. */
export const tripContainerDemo = (trip: Trip) => ({
  tripNumber: trip.number,
  containerNumber: trip.containerNumber,
  containerSize: trip.containerSize,
  containerWeight: trip.containerWeight,
  truckNumber: trip.truckNumber,
});

/** The trip, route, transporter and truck, as the advances' demo rows carry them. */
export const advanceTripDemo = (trip: Trip) => ({
  tripNumber: trip.number,
  route: trip.route.name,
  ...transporterDemo(trip),
  truckNumber: trip.truckNumber,
});
