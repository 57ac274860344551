import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { commonColumns, money, postingColumns, quantity, TO_POST } from '../shared/columns.js';

/** VAS transactions: a product bought from a supplier and sold on to a transporter (posted through the queue). */
export const vasTransactions = pgTable(
  'vas_transactions',
  {
    ...commonColumns(),
    tripNumber: text('trip_number'),
    transporterName: text('transporter_name').notNull(),
    transporterCode: text('transporter_code').notNull(),
    truckNumber: text('truck_number'),
    orderNumber: text('order_number'),
    supplierName: text('supplier_name').notNull(),
    supplierCode: text('supplier_code').notNull(),
    warehouse: text('warehouse'),
    description: text('description'),
    productType: text('product_type').notNull(),
    originQuantity: quantity('origin_quantity').notNull(),
    collectedQuantity: quantity('collected_quantity'),
    buyingUnitPrice: money('buying_unit_price').notNull(),
    sellingUnitPrice: money('selling_unit_price').notNull(),
    totalAmount: money('total_amount'),
    profitMargin: money('profit_margin'),
    pickupOrderNo: text('pickup_order_no'),
    revenueAccountId: integer('revenue_account_id'),
    costAccountId: integer('cost_account_id'),
    ...postingColumns(),
  },
  (t) => [
    uniqueIndex('vas_transactions_source_uq').on(t.sourceId),
    index('vas_transactions_to_post_idx')
      .on(t.documentDate)
      .where(sql`${t.status} ${TO_POST}`),
  ],
);
