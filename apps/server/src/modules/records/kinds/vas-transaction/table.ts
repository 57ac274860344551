import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import {
  commonColumns,
  money,
  oneStepIndexes,
  postingColumns,
  quantityColumns,
  transporterColumns,
} from '../shared/columns.js';

/** VAS transactions: a product bought from a supplier and sold on to a transporter (posted through the queue). */
export const vasTransactions = pgTable(
  'vas_transactions',
  {
    ...commonColumns(),
    tripNumber: text('trip_number'),
    ...transporterColumns(),
    truckNumber: text('truck_number'),
    orderNumber: text('order_number'),
    supplierName: text('supplier_name').notNull(),
    supplierCode: text('supplier_code').notNull(),
    warehouse: text('warehouse'),
    description: text('description'),
    productType: text('product_type').notNull(),
    ...quantityColumns(),
    buyingUnitPrice: money('buying_unit_price').notNull(),
    sellingUnitPrice: money('selling_unit_price').notNull(),
    totalAmount: money('total_amount'),
    profitMargin: money('profit_margin'),
    pickupOrderNo: text('pickup_order_no'),
    revenueAccountId: integer('revenue_account_id'),
    costAccountId: integer('cost_account_id'),
    ...postingColumns('vasTransaction'),
  },
  (t) => [
    // The awaiting amount (kinds/vas-transaction/index.ts) reads the original quantity and selling price.
    ...oneStepIndexes('vasTransaction', 'vas_transactions', t, [t.originQuantity, t.sellingUnitPrice]),
    // The dashboard's queue depth: rows queued for posting and not yet sent.
    index('vas_transactions_queued_idx')
      .on(t.documentDate)
      .where(sql`${t.status} = 'queued'`),
  ],
);
