import { z } from 'zod';
import { DIMENSION_FIELDS, RULE_CODE_MAX } from './dimensions-plain.js';

export * from './dimensions-plain.js';

/**
 * Cost centres (issue 25): SAP's distribution rules per dimension (`CostingCode` .. `CostingCode5` on document
 * and journal lines), chosen from a record by rules an administrator keeps in Settings > Dimensions. A rule
 * names the record field it reads (the truck number, the route), the SAP rule code of each value, and a default
 * code for values it does not list. No rule: the spec's documents, without distribution rules.
 */

/** SAP's FactorCode: up to 8 characters. */
const ruleCode = z
  .string()
  .trim()
  .min(1, 'A distribution rule code is required.')
  .max(RULE_CODE_MAX, `A distribution rule code is at most ${RULE_CODE_MAX} characters (SAP's FactorCode).`);

export const dimensionRule = z.object({
  /** SAP's dimension, 1 to 5 (CostingCode, CostingCode2 ... CostingCode5). */
  dimension: z.number().int().min(1).max(5),
  /** The record field whose value chooses the code; null: every record takes the default. */
  field: z.enum(DIMENSION_FIELDS).nullable(),
  /** The SAP rule code of each value of the field (compared trimmed, without regard to case). */
  codes: z.array(z.object({ value: z.string().trim().min(1).max(200), code: ruleCode })).max(1000),
  /** The code of a value the list does not name (or a record without one); null: the line carries none. */
  defaultCode: ruleCode.nullable(),
});
export type DimensionRule = z.infer<typeof dimensionRule>;

export const dimensionSettings = z
  .object({ rules: z.array(dimensionRule).max(5) })
  .refine((s) => new Set(s.rules.map((r) => r.dimension)).size === s.rules.length, {
    message: 'Each dimension may have one rule.',
    path: ['rules'],
  });
export type DimensionSettings = z.infer<typeof dimensionSettings>;

/** The SAP line property of a dimension: CostingCode, CostingCode2 ... CostingCode5. */
export const costingCodeProperty = (dimension: number) =>
  dimension === 1 ? 'CostingCode' : `CostingCode${dimension}`;

/** The code a rule gives a record whose field holds `value` (null: none). */
export function dimensionCodeOf(rule: DimensionRule, value: string | null | undefined): string | null {
  const wanted = value?.trim().toLowerCase();
  const listed = wanted ? rule.codes.find((c) => c.value.trim().toLowerCase() === wanted) : undefined;
  return listed?.code ?? rule.defaultCode;
}
