import { RECORD_KIND_NAMES, type RecordKindName } from '@ff/contract';
import type { SapPostingAccounts } from '../../../config/sap-accounts.js';
import type { SapDocumentRequest } from '../../../erp/posting-rules.js';
import type { KindTable, ServerKind, ServerKindRegistry } from './shared/kind.js';

/**
 * The server's record-kind registry: one entry per RecordKindName (packages/contract kinds.ts), each found by
 * its folder, `kinds/<kebab-name>/index.ts` (firstJournal: `kinds/first-journal/index.ts`), whose export
 * `kind` is the kind (`satisfies ServerKind<...>`, shared/kind.ts). Routes, posting steps, imports, demo data,
 * readiness and the access cases loop over it; a new kind is its folder's index.ts and nothing else here.
 *
 * The folders are loaded by a dynamic import of a template-literal path: tsx and Vitest resolve it when it
 * runs, and the server bundle (scripts/build.mjs, esbuild) holds every `kinds/<folder>/index.ts` (esbuild's
 * glob imports). A kind's folder must never import this file (or a module that does, such as
 * posting/posting-steps.ts): the top-level await below would then wait on itself. Their types come from
 * `ServerKindRegistry`, which each folder's index.ts extends by declaration merging.
 */

/** The folder of a kind: its internal name in kebab case (`firstJournal` -> `first-journal`). */
export const kindFolder = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The kinds of the contract's registry no folder declares in `ServerKindRegistry`. */
type Missing = Exclude<RecordKindName, keyof ServerKindRegistry>;
/** Registry entries that are not a ServerKind of their own name, or of no contract kind. */
type Mismatched = {
  [K in keyof ServerKindRegistry]: K extends RecordKindName
    ? ServerKindRegistry[K] extends ServerKind<K, any, any, any, any>
      ? never
      : K
    : K;
}[keyof ServerKindRegistry];

// The one place TypeScript names a kind of the contract without its server folder, or a folder's wrong entry.
const _everyKindHasItsFolder: [Missing] extends [never]
  ? true
  : `No server kind for ${Missing}: add kinds/<kebab-name>/index.ts, exporting \`kind\` and declaring it in ServerKindRegistry` =
  true;
const _everyEntryIsItsKind: [Mismatched] extends [never]
  ? true
  : `ServerKindRegistry's ${Mismatched & string} is not a ServerKind of that name (or of no contract kind)` =
  true;

/** The registry's type: every kind of the contract by name (a missing one is a plain ServerKind, refused above). */
export type ServerKinds = [Missing] extends [never]
  ? ServerKindRegistry
  : ServerKindRegistry & { [K in Missing]: ServerKind<K, KindTable, any, any, any> };
/** Any one kind, for the loops. */
export type AnyServerKind = ServerKinds[RecordKindName];

/** A kind's folder index.ts and its `kind`: a missing folder or export stops the start with both named. */
async function loadKind(name: RecordKindName): Promise<AnyServerKind> {
  const folder = kindFolder(name);
  const where = `apps/server/src/modules/records/kinds/${folder}/index.ts`;
  let module: { kind?: { name?: unknown } };
  try {
    module = (await import(`./${folder}/index.ts`)) as typeof module;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`The record kind ${name} has no server side: ${where} could not be loaded (${reason}).`, {
      cause: error,
    });
  }
  if (module.kind?.name !== name)
    throw new Error(
      `The record kind ${name}: ${where} must export \`kind\`, the server kind named '${name}' (shared/kind.ts ServerKind).`,
    );
  return module.kind as AnyServerKind;
}

export const SERVER_KINDS = Object.fromEntries(
  await Promise.all(RECORD_KIND_NAMES.map(async (name) => [name, await loadKind(name)] as const)),
) as unknown as ServerKinds;

/** Every kind in the registry's order, with its name. */
export const serverKinds = (): AnyServerKind[] => RECORD_KIND_NAMES.map((name) => SERVER_KINDS[name]);

/** Every kind's table, once (both transporter journals read the transporter invoices), in the registry's order. */
export const recordTables = (): KindTable[] => [...new Set(serverKinds().map((kind) => kind.table))];

/** The input of a kind's SAP document mapping. */
export type SapDocumentInput<K extends RecordKindName> = Parameters<ServerKinds[K]['sapDocument']>[0];
export type PostingRules = { [K in RecordKindName]: (input: SapDocumentInput<K>) => SapDocumentRequest };

/** Every kind's record -> SAP document mapping, bound to the configured posting accounts. */
export function createPostingRules(accounts: SapPostingAccounts): PostingRules {
  return Object.fromEntries(
    RECORD_KIND_NAMES.map((name) => [
      name,
      (input: never) =>
        (SERVER_KINDS[name].sapDocument as (i: never, a: SapPostingAccounts) => SapDocumentRequest)(
          input,
          accounts,
        ),
    ]),
  ) as PostingRules;
}
