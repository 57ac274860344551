import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import {
  advanceTripColumns,
  commonColumns,
  money,
  oneStepIndexes,
  postingColumns,
  quantityColumns,
} from '../shared/columns.js';

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
  // The awaiting amount (kinds/fuel-advance/index.ts) reads the original quantity and unit price.
  (t) => oneStepIndexes('fuelAdvance', 'fuel_advances', t, [t.originQuantity, t.unitPrice]),
);
