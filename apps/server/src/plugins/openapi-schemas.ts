import type { ZodType } from 'zod';
import { z } from 'zod';
import {
  apiToken,
  messageBody,
  pageMeta,
  postResult,
  RECORD_KIND_NAMES,
  RECORD_KINDS,
  RECORD_KINDS_PLAIN,
  validationErrorBody,
} from '@ff/contract';

/**
 * The shapes the OpenAPI document names (issue 23): each is one entry of `components.schemas`, and every route
 * answering it refers to it with `$ref`, so a generated client has one type per shape (`ValidationError`,
 * `CashAdvanceRecordRow`, ...). A schema is named by registering the very instance the routes use; a copy made
 * with `.describe()` still refers to it. Modules add their own (the import's rows and report) with `nameSchema`.
 */
export const API_SCHEMAS = z.registry<{ id: string }>();

/** Names `schema` `id` in the document; the first name given to an instance stays. */
export function nameSchema<T extends ZodType>(schema: T, id: string): T {
  if (!API_SCHEMAS.has(schema)) API_SCHEMAS.add(schema, { id });
  return schema;
}

/**
 * Describes to the document a field whose check zod cannot put in JSON Schema (a reader of its own, e.g. the
 * import's decimals and dates): the JSON Schema keywords given here are merged into the field's. They are zod's
 * global metadata (`.meta()`), which the generator reads for the named shapes' components.
 */
export function documentSchema<T extends ZodType>(schema: T, jsonSchema: Record<string, unknown>): T {
  if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, jsonSchema);
  return schema;
}

/** 'cash advance record' -> 'CashAdvanceRecord'; 'VAS transaction' -> 'VasTransaction'. */
export const pascalCase = (words: string) =>
  words
    .split(/\s+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join('');

nameSchema(messageBody, 'Message');
nameSchema(validationErrorBody, 'ValidationError');
nameSchema(postResult, 'PostingResult');
nameSchema(pageMeta, 'PageMeta');
nameSchema(apiToken, 'ApiToken');
for (const name of RECORD_KIND_NAMES) {
  const kind = pascalCase(RECORD_KINDS_PLAIN[name].noun.one);
  nameSchema(RECORD_KINDS[name].row, `${kind}Row`);
  nameSchema(RECORD_KINDS[name].body, `${kind}PostBody`);
}

type Doc = { paths?: unknown; components?: { schemas?: Record<string, unknown> } };

/** The component names a part of the document refers to (`#/components/schemas/<name>`). */
function refsIn(node: unknown, into = new Set<string>()): Set<string> {
  const json = JSON.stringify(node) ?? '';
  for (const match of json.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) into.add(match[1]!);
  return into;
}

/**
 * The document's named shapes as a client reads them: the generator makes an input (`XInput`, what a request
 * carries) and an output (`X`, what an answer carries) of each; only those the routes use are kept, and an input
 * whose output is not used takes the plain name (`CashAdvanceImportRow`, a body only).
 */
export function keepUsedSchemas<T extends Doc>(document: T): T {
  const schemas = document.components?.schemas;
  if (!schemas) return document;
  const used = refsIn(document.paths);
  for (let grew = true; grew;) {
    const before = used.size;
    for (const name of [...used]) refsIn(schemas[name], used);
    grew = used.size > before;
  }
  const renamed = new Map<string, string>();
  for (const name of used) {
    const plain = name.replace(/Input$/, '');
    if (plain !== name && !used.has(plain)) renamed.set(name, plain);
  }
  const kept = Object.fromEntries(
    [...used].sort().map((name) => [renamed.get(name) ?? name, schemas[name]] as const),
  );
  const rewrite = (node: unknown): unknown =>
    JSON.parse(
      JSON.stringify(node).replace(/"#\/components\/schemas\/([^"]+)"/g, (whole, name: string) =>
        renamed.has(name) ? `"#/components/schemas/${renamed.get(name)}"` : whole,
      ),
    );
  return {
    ...document,
    paths: rewrite(document.paths),
    components: { ...document.components, schemas: rewrite(kept) },
  };
}
