import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { formatCents, multiplyToCents } from '../../../../erp/money.js';
import { fitted, positive, product, SIZE } from '../../../../erp/posting-rules.js';
import { MONEY, optionalText, QUANTITY, requiredDecimal } from '../../../imports/import-fields.js';
import {
  advanceTripColumns,
  commonColumns,
  money,
  oneStepIndexes,
  postingColumns,
  quantityColumns,
} from '../shared/columns.js';
import { advanceTripDemo, kes, minutes } from '../shared/demo.js';
import { ledgerJournalKind } from '../shared/ledger-journal.js';
import { collectedQuantityProblem } from '../shared/rules.js';

/** Fuel advances: fuel drawn for a trip at a depot, posted as collected quantity x unit price. */
export const fuelAdvances = pgTable(
  'fuel_advances',
  {
    ...commonColumns(),
    ...advanceTripColumns(),
    orderNumber: text('order_number'),
    warehouse: text('warehouse'),
    description: text('description'),
    ...quantityColumns(),
    unitPrice: money('unit_price').notNull(),
    totalAmount: money('total_amount'),
    pickupOrderNo: text('pickup_order_no'),
    onAccountId: integer('on_account_id'),
    ...postingColumns('fuelAdvance'),
  },
  // The awaiting amount (below) reads the original quantity and unit price.
  (t) => oneStepIndexes('fuelAdvance', 'fuel_advances', t, [t.originQuantity, t.unitPrice]),
);

const t = fuelAdvances;

/**
 * Fuel advance: a ledger journal (shared/ledger-journal.ts) of collected quantity x unit price, computed by the
 * server (never the client's total); the body's `orderNumber` is the pickup order number the row stores and
 * the journal carries in Reference2.
 */
export const kind = ledgerJournalKind('fuelAdvance', t, {
  import: {
    name: 'fuel-advances',
    noun: ['fuel advance', 'fuel advances'],
    fields: {
      orderNumber: optionalText(50),
      warehouse: optionalText(50),
      description: optionalText(200),
      originQuantity: requiredDecimal(QUANTITY),
      unitPrice: requiredDecimal(MONEY),
    },
  },
  /** The trip's fuel: about a litre per 2.7 km (100-600 l) at the trip's depot, drawn before it starts. */
  demo: ({ random, trip, sourceId, when, depot }) => {
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
  },
  ledger: { input: 'ledgerAccount', label: 'The ledger account' },
  inputs: (e) => ({ collectedQuantity: e.collectedQuantity, pickupOrderNo: e.orderNumber }),
  check(row, input) {
    const problem = collectedQuantityProblem(input.collectedQuantity, row);
    if (problem) return problem;
    if (multiplyToCents(input.collectedQuantity, row.unitPrice) <= 0n) {
      return 'the total (collected quantity x unit price) is zero; SAP does not accept a zero amount.';
    }
    return null;
  },
  stored: (row, input) => ({
    collectedQuantity: input.collectedQuantity,
    pickupOrderNo: input.pickupOrderNo,
    totalAmount: formatCents(multiplyToCents(input.collectedQuantity, row.unitPrice)),
  }),
  document: (row, input) => ({
    collectedQuantity: input.collectedQuantity,
    unitPrice: row.unitPrice,
    pickupOrderNumber: input.pickupOrderNo,
  }),
  cents: (input) =>
    positive(
      product(input.collectedQuantity, input.unitPrice),
      'The total (collected quantity x unit price)',
    ),
  reference2: (input) => fitted(input.pickupOrderNumber, SIZE.reference, 'The pickup order number'),
  awaitingAmount: sql`coalesce(${t.totalAmount}, round(${t.originQuantity} * ${t.unitPrice}, 2))`,
});

declare module '../shared/kind.js' {
  interface ServerKindRegistry {
    fuelAdvance: typeof kind;
  }
}
