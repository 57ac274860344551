import {
  costingCodeProperty,
  DIMENSION_FIELD_LABELS,
  dimensionCodeOf,
  type DimensionRule,
  type DimensionSettings,
} from '@ff/contract';
import type { Db } from '../../db/client.js';
import type { SapDistributionRule, SapDocument, SapGateway } from '../../erp/sap-gateway.js';
import type { KindRules, RowRequest } from '../records/kinds/shared/kind-rules.js';

/** How long the rules and SAP's distribution rules are kept for the documents (a post request reads them afresh). */
const KEPT_MS = 5 * 60_000;

type SapRules = Map<string, SapDistributionRule>;
/** Settings > Dimensions and SAP's distribution rules, read afresh by a post request and kept for its documents. */
export function createDimensionsSource(deps: {
  read: () => Promise<DimensionSettings>;
  sap: () => SapGateway;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const kept = <T>(load: () => Promise<T>) => {
    let entry: { value: Promise<T>; until: number } | null = null;
    return (options: { fresh?: boolean } = {}) => {
      if (entry && !options.fresh && now() < entry.until) return entry.value;
      const current = { value: load(), until: now() + KEPT_MS };
      entry = current;
      current.value.catch(() => {
        if (entry === current) entry = null;
      });
      return current.value;
    };
  };
  return {
    rules: kept(async () => (await deps.read()).rules),
    sapRules: kept(async () => new Map((await deps.sap().distributionRules()).map((r) => [r.code, r]))),
  };
}
export type DimensionsSource = ReturnType<typeof createDimensionsSource>;

type DimensionRow = { truckNumber?: string | null; route?: string | null; routeDetails?: string | null };
const valueOf = (row: DimensionRow, rule: DimensionRule) =>
  rule.field === 'truckNumber'
    ? row.truckNumber
    : rule.field === 'route'
      ? (row.route ?? row.routeDetails)
      : null;

/** Each dimension's code for the row: `[dimension, code]`, the rules without a code left out. */
const codesOf = (rules: DimensionRule[], row: DimensionRow) =>
  rules.flatMap((rule) => {
    const code = dimensionCodeOf(rule, valueOf(row, rule));
    return code ? [[rule, code] as const] : [];
  });

/** Why SAP would refuse `code` on dimension `rule.dimension`, or null. */
function ruleProblem(sap: SapRules, rule: DimensionRule, code: string): string | null {
  const of = `for dimension ${rule.dimension}${rule.field ? ` (${DIMENSION_FIELD_LABELS[rule.field]})` : ''}`;
  const found = sap.get(code);
  if (!found) return `the distribution rule ${code} ${of} does not exist in SAP.`;
  if (!found.active) return `the distribution rule ${code} ${of} is inactive in SAP.`;
  if (found.dimension !== rule.dimension)
    return `the distribution rule ${code} is in SAP's dimension ${found.dimension}, not dimension ${rule.dimension}.`;
  return null;
}

/** The document's lines with the row's distribution rule codes (CostingCode .. CostingCode5). */
function withCodes(document: SapDocument, codes: ReturnType<typeof codesOf>): SapDocument {
  if (!codes.length) return document;
  const property = document.entity === 'JournalEntries' ? 'JournalEntryLines' : 'DocumentLines';
  const extra = Object.fromEntries(codes.map(([rule, code]) => [costingCodeProperty(rule.dimension), code]));
  const lines = (document.payload[property] as Record<string, unknown>[]).map((line) => ({
    ...line,
    ...extra,
  }));
  return { ...document, payload: { ...document.payload, [property]: lines } };
}

type Known = { rules: DimensionRule[]; sap: SapRules | null };
type WithKnown<P> = { own: P | undefined; known: Known };

/**
 * Every kind's rules, with cost centres (issue 25): each line of the row's document carries the distribution rule
 * code each dimension's rule gives the record (Settings > Dimensions); a code SAP does not have, has disabled or
 * keeps in another dimension is refused before SAP, naming the dimension. No rules: the spec's documents.
 */
export function withDimensions<Row extends DimensionRow, I, P>(
  rules: KindRules<Row, I, P>,
  deps: { dimensions: DimensionsSource },
): KindRules<Row, I, WithKnown<P>> {
  const { forbidden, storedInputs } = rules;
  async function readKnown(): Promise<Known> {
    const settings = await deps.dimensions.rules({ fresh: true }).catch(() => []);
    if (!settings.length) return { rules: [], sap: null };
    return { rules: settings, sap: await deps.dimensions.sapRules({ fresh: true }).catch(() => null) };
  }
  return {
    ...(forbidden ? { forbidden } : {}),
    ...(storedInputs ? { storedInputs } : {}),
    prefetch: async (requests) => ({ own: await rules.prefetch?.(requests), known: await readKnown() }),
    ...(rules.prefetchInClaim
      ? {
          prefetchInClaim: async (tx: Db, requests: RowRequest<I>[], prefetched?: WithKnown<P>) => ({
            own: await rules.prefetchInClaim!(tx, requests, prefetched?.own),
            known: prefetched?.known ?? { rules: [], sap: null },
          }),
        }
      : {}),
    check(row, request, prefetched) {
      const known = prefetched?.known;
      if (known?.sap) {
        for (const [rule, code] of codesOf(known.rules, row)) {
          const problem = ruleProblem(known.sap, rule, code);
          if (problem) return problem;
        }
      }
      return rules.check(row, request, prefetched?.own as P);
    },
    async document(row, request, key) {
      const document = await rules.document(row, request, key);
      const settings = await deps.dimensions.rules().catch(() => []);
      return withCodes(document, codesOf(settings, row));
    },
  };
}
