import { z } from 'zod';
import { dateTimeString, decimalField } from './common.js';
import type { KindDeclaration, PostFieldRule, RowFieldType } from './kind-entry.js';
import { postFieldLabel } from './kind-fields.js';
import { RECORD_KIND_NAMES, RECORD_KINDS_PLAIN, type RecordKindName } from './kinds.js';
import { MAX_DATABASE_ID, QUANTITY_RULE } from './plain.js';
import { postingDateField } from './posting.js';

/**
 * The record-kind registry with its zod schemas, built from each entry of `RECORD_KINDS_PLAIN` (kinds.ts): the list
 * row schema from the entry's `row` field types, and the post body schema from its `post.fields` rules. The server
 * validates with these; the web, which stays zod-free, reads `RECORD_KINDS_PLAIN`. A new kind's entry is all it
 * takes: nothing here names a kind.
 */

/** Money and quantities travel as exact decimal strings ('12500.00', '40.000'); null shows as 'N/A'. */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
/** A row still to post is 'unposted', or 'failed' with its lastError. */
const listStatus = z.enum(['unposted', 'failed']);

const ROW_FIELD_SCHEMAS = {
  id: z.number().int(),
  'int?': z.number().int().nullable(),
  text: z.string(),
  'text?': z.string().nullable(),
  decimal,
  'decimal?': decimal.nullable(),
  instant: dateTimeString,
  status: listStatus,
} as const satisfies Record<RowFieldType, z.ZodType>;
type RowFieldSchemas = typeof ROW_FIELD_SCHEMAS;

const recordId = z
  .number({ error: 'A record id is required.' })
  .int()
  .positive()
  .max(MAX_DATABASE_ID, 'There is no record with this id.');

/** Each post field rule's zod schema; `label` is the field's name in its messages. */
const POST_FIELD_SCHEMAS = {
  recordId: () => recordId,
  ledgerId: (label: string) =>
    z
      .number({ error: `The ${label} is required.` })
      .int()
      .positive()
      .max(MAX_DATABASE_ID, 'There is no ledger account with this id.'),
  postingDate: () => postingDateField,
  requiredText: (label: string) =>
    z
      .string({ error: `The ${label} is required.` })
      .trim()
      .min(1, `The ${label} is required.`)
      .max(100),
  /** numeric(14,3), as the tables store it. */
  quantity: (label: string) => decimalField(label, QUANTITY_RULE),
  optionalText: () => z.string().max(100).optional(),
  optionalFlag: (label: string) => z.boolean({ error: `${label} must be true or false.` }).optional(),
} as const satisfies Record<PostFieldRule, (label: string) => z.ZodType>;
type PostFieldSchemas = { [R in PostFieldRule]: ReturnType<(typeof POST_FIELD_SCHEMAS)[R]> };

type RowSchemaOf<E extends KindDeclaration> = z.ZodObject<{
  -readonly [F in keyof E['rowTypes']]: RowFieldSchemas[E['rowTypes'][F]];
}>;
type EntrySchemaOf<E extends KindDeclaration> = z.ZodObject<{
  -readonly [F in keyof E['post']['fields']]: PostFieldSchemas[E['post']['fields'][F]];
}>;
type BodySchemaOf<E extends KindDeclaration> = z.ZodObject<{ postSap: z.ZodArray<EntrySchemaOf<E>> }>;

const rowSchemaOf = (entry: KindDeclaration) =>
  z.object(
    Object.fromEntries(
      Object.entries(entry.rowTypes).map(([field, type]) => [field, ROW_FIELD_SCHEMAS[type]]),
    ),
  );

/** `{ postSap: [entry] }`: 1 to 500 rows at a time. */
const bodySchemaOf = (entry: KindDeclaration) =>
  z.object({
    postSap: z
      .array(
        z.object(
          Object.fromEntries(
            Object.entries(entry.post.fields).map(([field, rule]) => [
              field,
              POST_FIELD_SCHEMAS[rule](postFieldLabel(field)),
            ]),
          ),
        ),
      )
      .min(1, 'Select at least one row to post.')
      .max(500, 'Post at most 500 rows at a time.'),
  });

type Plain = typeof RECORD_KINDS_PLAIN;
/**
 * Every kind's entry with its schemas, as one object type indexed by name: `RecordKind<K>` for a generic K then
 * reads as the union of the kinds (every row has its `id`), as it would for hand-written schemas.
 */
type Kinds = {
  [K in RecordKindName]: Omit<Plain[K], 'rowTypes'> & {
    rowTypes: Plain[K]['rowTypes'];
    row: RowSchemaOf<Plain[K]>;
    body: BodySchemaOf<Plain[K]>;
  };
};
/**
 * Each kind's row and body types as one union, evaluated once: a generic K then picks from it by name, and reads
 * as the union of the kinds' types (every row has its `id`, every post entry its `postingDate`).
 */
type Wire = {
  [K in RecordKindName]: { name: K; row: z.infer<Kinds[K]['row']>; body: z.infer<Kinds[K]['body']> };
}[RecordKindName];
export type RecordKind<K extends RecordKindName = RecordKindName> = Kinds[K];

/** A declaration's list row schema and post body schema. */
export const schemasOf = (entry: KindDeclaration) => ({ row: rowSchemaOf(entry), body: bodySchemaOf(entry) });

export const RECORD_KINDS = Object.fromEntries(
  RECORD_KIND_NAMES.map((name) => {
    const entry: KindDeclaration = RECORD_KINDS_PLAIN[name];
    return [name, { ...entry, ...schemasOf(entry) }];
  }),
) as unknown as Kinds;

/** A kind's list row and post body, as the wire carries them (`any` for `any`: `PostingKind<any>` takes any kind). */
type WireByName = { [K in RecordKindName]: Extract<Wire, { name: K }> };
export type RecordRowOf<K extends RecordKindName> = WireByName[K]['row'];
export type PostBodyOf<K extends RecordKindName> = WireByName[K]['body'];
export type PostEntryOf<K extends RecordKindName> = PostBodyOf<K>['postSap'][number];
