import type { KindDeclaration } from './kind-entry.js';
import { RECORD_KIND_NAMES, RECORD_KINDS_PLAIN, type RecordKindName } from './kinds.js';
import { PERMISSIONS } from './plain.js';

/**
 * What every layer asks of the record-kind registry (kinds.ts): the permission catalogue with every kind's
 * permissions, a posting's idempotency key, the kinds a user may see, a kind by its stored code, the screens in
 * navigation order.
 */

/** A permission's name: the catalogue's own (`PERMISSIONS`) and every kind's View and Post permission. */
export type PermissionName =
  | (typeof PERMISSIONS)[keyof typeof PERMISSIONS]
  | (typeof RECORD_KINDS_PLAIN)[RecordKindName]['permissions'][keyof KindDeclaration['permissions']];
/**
 * The permission catalogue every start seeds (and gives the Administrator role): the spec's names in their order,
 * then any kind's permission not among them.
 */
export const ALL_PERMISSIONS: readonly PermissionName[] = [
  ...new Set<PermissionName>([
    ...Object.values(PERMISSIONS),
    ...RECORD_KIND_NAMES.flatMap((name) => Object.values(RECORD_KINDS_PLAIN[name].permissions)),
  ]),
];

/** How many characters SAP keeps in each reference field our key rides in. */
export const REFERENCE_FIELD_LENGTH = { Reference2: 11, Reference3: 27 } as const;

/**
 * The key of a record's posting: `${keyPrefix}${recordId}` for its first posting (generation 1). A record posted
 * again after a reversal carries a key of its generation, which can never equal an earlier one's, so the look-up
 * of the new posting never finds the cancelled document (docs/decisions/016-reversal-and-generations.md):
 * - journals (Reference3, 27 characters): `FF-SJ-1042-R2`;
 * - A/R invoices (Reference2, 11 characters): `FR<generation>-<record id>`, both in base 36 (`FR2-T0` for 1044,
 *   generation 2), which fits every database id (`ZIK0ZJ`) and 1,295 generations; `FFSI` keys never start so.
 */
export function idempotencyKeyOf(kind: RecordKindName, recordId: number, generation = 1): string {
  const entry = RECORD_KINDS_PLAIN[kind];
  if (generation <= 1) return `${entry.keyPrefix}${recordId}`;
  if (entry.sap.referenceField === 'Reference2')
    return `FR${generation.toString(36)}-${recordId.toString(36)}`.toUpperCase();
  return `${entry.keyPrefix}${recordId}-R${generation}`;
}

/**
 * The kinds a holder of `permissions` may see, in the registry's order: those whose View permission they hold.
 * Every answer that shows or acts on a record or posting is scoped to them (a posting of another kind is answered
 * like one that does not exist).
 */
export const viewableKinds = (permissions: readonly string[]): RecordKindName[] =>
  RECORD_KIND_NAMES.filter((name) => permissions.includes(RECORD_KINDS_PLAIN[name].permissions.view));

/** A kind by its stored code ('SI', 'FJ', ...), as posting_attempts and idempotency keys carry it. */
export function kindOfCode(code: string): RecordKindName | undefined {
  return RECORD_KIND_NAMES.find((name) => RECORD_KINDS_PLAIN[name].code === code);
}

/**
 * The screens in navigation order: a screen shows one or more steps (the transporter screen has a tab per
 * journal). Built from the registry so a new kind's screen appears by adding its entry.
 */
export function recordScreens(): { path: string; navLabel: string; kinds: RecordKindName[] }[] {
  const screens: { path: string; navLabel: string; kinds: RecordKindName[] }[] = [];
  for (const name of RECORD_KIND_NAMES) {
    const { path, navLabel } = RECORD_KINDS_PLAIN[name].screen;
    const screen = screens.find((s) => s.path === path);
    if (screen) screen.kinds.push(name);
    else screens.push({ path, navLabel, kinds: [name] });
  }
  return screens;
}
