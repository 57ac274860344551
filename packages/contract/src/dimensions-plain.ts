/**
 * Cost centres (issue 25), zod-free: the record fields a dimension rule may read and their names, shared by the
 * server's refusals and the web's Settings > Dimensions (`dimensions.ts` holds the schemas).
 */

/** The record fields a dimension may read: every kind's truck number, and its route (route details on transporter invoices). */
export const DIMENSION_FIELDS = ['truckNumber', 'route'] as const;
export type DimensionField = (typeof DIMENSION_FIELDS)[number];
export const DIMENSION_FIELD_LABELS: Record<DimensionField, string> = {
  truckNumber: 'truck number',
  route: 'route',
};

/** SAP's dimensions: CostingCode (1), CostingCode2 .. CostingCode5. */
export const DIMENSIONS = [1, 2, 3, 4, 5] as const;
/** SAP's FactorCode: a distribution rule code is at most 8 characters. */
export const RULE_CODE_MAX = 8;
