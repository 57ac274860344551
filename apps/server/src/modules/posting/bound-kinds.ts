import {
  RECORD_KIND_NAMES,
  RECORD_KINDS,
  type PostBodyOf,
  type RecordKind,
  type RecordKindName,
} from '@ff/contract';
import type { KindRules, RowRequest } from '../records/kinds/shared/kind-rules.js';
import { POSTING_STEPS, type PostingStep } from './posting-steps.js';
import { SERVER_KINDS } from '../records/kinds/index.js';
import type { KindDeps } from '../records/kinds/shared/kind.js';
import type { CurrencyRates } from './currency-rates.js';
import { withCurrencies } from './currency-rules.js';
import { withBranches, type BranchesSource } from './branch-rules.js';
import { withDimensions, type DimensionsSource } from './dimension-rules.js';

/**
 * One kind as the routes, the posting service and the queue use it: its registry entry, posting step, body
 * mapping and rules bound to configuration. The engine runs the rules on the step's rows; each kind's own
 * types are checked where it is written (kinds/<kind>/index.ts).
 */
export type BoundKind<K extends RecordKindName = RecordKindName> = {
  name: K;
  entry: RecordKind<K>;
  step: PostingStep;
  requests(body: PostBodyOf<K>): RowRequest<unknown>[];
  rules: KindRules<any, unknown, unknown>;
  /** The rules for a user with these permissions (a VAS loss needs Post Loss). */
  rulesFor(permissions: readonly string[]): KindRules<any, unknown, unknown>;
};

export type BoundKinds = { [K in RecordKindName]: BoundKind<K> };

/** Every kind of the registry bound to configuration (the composition root builds it once). */
export function bindRecordKinds(
  deps: KindDeps & { rates: CurrencyRates; branches: BranchesSource; dimensions: DimensionsSource },
): BoundKinds {
  const bind = <K extends RecordKindName>(name: K): BoundKind<K> => {
    const kind = SERVER_KINDS[name] as unknown as {
      requests(body: PostBodyOf<K>): RowRequest<unknown>[];
      rules(deps: KindDeps): KindRules<any, unknown, unknown>;
      forUser?(
        rules: KindRules<any, unknown, unknown>,
        permissions: readonly string[],
        deps: KindDeps,
      ): KindRules<any, unknown, unknown>;
    };
    const step = POSTING_STEPS[name];
    // Every kind's records may carry a foreign currency: SAP's rate for the day, checked and applied here.
    // ... when the SAP company uses branches, the record's branch (else SAP's main one); and its cost centres.
    const inCurrency = (rules: KindRules<any, unknown, unknown>) =>
      withDimensions(
        withBranches(
          withCurrencies(rules, {
            db: deps.db,
            table: step.table,
            rates: deps.rates,
            timeZone: deps.timeZone,
          }),
          { branches: deps.branches },
        ),
        { dimensions: deps.dimensions },
      );
    const rules = kind.rules(deps);
    return {
      name,
      entry: RECORD_KINDS[name],
      step,
      requests: (body) => kind.requests(body),
      rules: inCurrency(rules),
      rulesFor: (permissions) => inCurrency(kind.forUser ? kind.forUser(rules, permissions, deps) : rules),
    };
  };
  return Object.fromEntries(RECORD_KIND_NAMES.map((name) => [name, bind(name)])) as BoundKinds;
}
