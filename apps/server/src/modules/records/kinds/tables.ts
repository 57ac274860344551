/** Every kind's table, for what needs them all (drizzle-kit lists the table files in drizzle.config.ts). */
export { salesInvoices } from './sales-invoice/table.js';
export { transporterInvoices } from './first-journal/table.js';
export { cashAdvances } from './cash-advance/table.js';
export { fuelAdvances } from './fuel-advance/table.js';
export { vasTransactions } from './vas-transaction/table.js';
