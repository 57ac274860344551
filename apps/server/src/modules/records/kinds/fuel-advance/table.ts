import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { commonColumns, money, postingColumns, quantity, TO_POST } from '../shared/columns.js';

/** Fuel advances: fuel drawn for a trip at a depot, posted as collected quantity x unit price. */
export const fuelAdvances = pgTable(
  'fuel_advances',
  {
    ...commonColumns(),
    tripNumber: text('trip_number').notNull(),
    route: text('route'),
    transporterName: text('transporter_name').notNull(),
    transporterCode: text('transporter_code').notNull(),
    truckNumber: text('truck_number'),
    orderNumber: text('order_number'),
    warehouse: text('warehouse'),
    description: text('description'),
    originQuantity: quantity('origin_quantity').notNull(),
    collectedQuantity: quantity('collected_quantity'),
    unitPrice: money('unit_price').notNull(),
    totalAmount: money('total_amount'),
    pickupOrderNo: text('pickup_order_no'),
    onAccountId: integer('on_account_id'),
    ...postingColumns(),
  },
  (t) => [
    uniqueIndex('fuel_advances_source_uq').on(t.sourceId),
    index('fuel_advances_to_post_idx')
      .on(t.documentDate)
      .where(sql`${t.status} ${TO_POST}`),
  ],
);
