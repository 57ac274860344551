import {
  MONEY,
  oneOf,
  optionalText,
  partnerCode,
  QUANTITY,
  requiredDecimal,
  requiredText,
} from '../../../imports/import-fields.js';
import { declareImport, transporterFields } from '../shared/import.js';
import { vasTransactions } from './table.js';

export const VAS_PRODUCT_TYPES = ['Fuel', 'Tyres', 'Lubricants', 'Tracking', 'Escort & Security'] as const;
export type VasProductType = (typeof VAS_PRODUCT_TYPES)[number];

export const vasTransactionImport = declareImport(vasTransactions, {
  name: 'vas-transactions',
  noun: ['VAS transaction', 'VAS transactions'],
  fields: {
    tripNumber: optionalText(50),
    ...transporterFields(),
    truckNumber: optionalText(40),
    orderNumber: optionalText(50),
    supplierName: requiredText(200),
    supplierCode: partnerCode(),
    warehouse: optionalText(50),
    description: optionalText(200),
    productType: oneOf(VAS_PRODUCT_TYPES),
    originQuantity: requiredDecimal(QUANTITY),
    buyingUnitPrice: requiredDecimal(MONEY),
    sellingUnitPrice: requiredDecimal(MONEY),
  },
});
