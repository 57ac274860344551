import type { Db } from '../../db/client.js';
import type { SapBranch, SapDocument, SapGateway } from '../../erp/sap-gateway.js';
import type { KindRules, RowRequest } from '../records/kinds/shared/kind-rules.js';

/** How long SAP's branch setting is kept for the documents (a post request's check reads it afresh). */
const BRANCHES_TTL_MS = 5 * 60_000;

type Branches = { enabled: boolean; branches: SapBranch[] };
/** SAP's branch setting, read once for everyone and kept 5 minutes; `fresh` reads SAP again. */
export function createBranches(deps: { sap: () => SapGateway; now?: () => number }) {
  const now = deps.now ?? Date.now;
  let kept: { value: Promise<Branches>; until: number } | null = null;
  return (options: { fresh?: boolean } = {}): Promise<Branches> => {
    if (kept && !options.fresh && now() < kept.until) return kept.value;
    const entry = { value: deps.sap().branches(), until: now() + BRANCHES_TTL_MS };
    kept = entry;
    entry.value.catch(() => {
      if (kept === entry) kept = null;
    });
    return entry.value;
  };
}
export type BranchesSource = ReturnType<typeof createBranches>;

/** The branch a record posts under, or why it cannot (a sentence about the record). */
function branchOf(setting: Branches, own: number | null): { id: number } | { problem: string } {
  const id = own ?? setting.branches.find((b) => b.main && !b.disabled)?.id;
  if (id === undefined)
    return {
      problem:
        'the SAP company uses branches and this record has none; send its branch (import field branch) or set a main branch in SAP.',
    };
  const branch = setting.branches.find((b) => b.id === id);
  if (!branch) return { problem: `the branch ${id} does not exist in SAP.` };
  if (branch.disabled) return { problem: `the branch ${id} is inactive in SAP.` };
  return { id };
}

/** The document with its branch: the header's BPL_IDAssignedToInvoice, or every journal line's BPLID. */
function withBranch(document: SapDocument, id: number): SapDocument {
  const payload = document.payload;
  if (document.entity !== 'JournalEntries')
    return { ...document, payload: { ...payload, BPL_IDAssignedToInvoice: id } };
  const lines = (payload.JournalEntryLines as Record<string, unknown>[]).map((line) => ({
    ...line,
    BPLID: id,
  }));
  return { ...document, payload: { ...payload, JournalEntryLines: lines } };
}

type BranchRow = { id: number; branch?: number | null };
type WithSetting<P> = { own: P | undefined; setting: Branches | null };

/**
 * Every kind's rules, for a SAP company that uses branches (issue 25, docs/decisions/024-currencies.md): each
 * document carries the record's branch, else SAP's main branch; a record with none, or with a branch SAP does not
 * have or has disabled, is refused before SAP. The setting is read before the claim's transaction; when the company
 * does not use branches (or SAP cannot say), the documents are the spec's (SAP refuses a missing branch itself).
 */
export function withBranches<Row extends BranchRow, I, P>(
  rules: KindRules<Row, I, P>,
  deps: { branches: BranchesSource },
): KindRules<Row, I, WithSetting<P>> {
  const { forbidden, storedInputs } = rules;
  const setting = (requests: RowRequest<I>[]) =>
    requests.length ? deps.branches({ fresh: true }).catch(() => null) : Promise.resolve(null);
  return {
    ...(forbidden ? { forbidden } : {}),
    ...(storedInputs ? { storedInputs } : {}),
    prefetch: async (requests) => ({
      own: await rules.prefetch?.(requests),
      setting: await setting(requests),
    }),
    ...(rules.prefetchInClaim
      ? {
          prefetchInClaim: async (tx: Db, requests: RowRequest<I>[], prefetched?: WithSetting<P>) => ({
            own: await rules.prefetchInClaim!(tx, requests, prefetched?.own),
            setting: prefetched?.setting ?? null,
          }),
        }
      : {}),
    check(row, request, prefetched) {
      const branch = prefetched?.setting?.enabled ? branchOf(prefetched.setting, row.branch ?? null) : null;
      if (branch && 'problem' in branch) return branch.problem;
      return rules.check(row, request, prefetched?.own as P);
    },
    async document(row, request, key) {
      const document = await rules.document(row, request, key);
      const setting = await deps.branches().catch(() => null);
      if (!setting?.enabled) return document;
      const branch = branchOf(setting, row.branch ?? null);
      return 'id' in branch ? withBranch(document, branch.id) : document;
    },
  };
}
