import { z } from 'zod';
import { documentSchema } from '../../plugins/openapi-schemas.js';
import { instantOfWallClock } from '../../lib/time.js';
import { containerNumberProblem, normaliseContainerNumber } from './iso6346.js';

/**
 * Building blocks of the import row schemas. Every message is the reason half of `field: reason` in the
 * import report, so it reads after a field name ("amount: must not be negative").
 *
 * CSV cells arrive as text, JSON values as text or numbers; a blank cell, an empty string and null all
 * mean "no value".
 */
const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const numberAsText = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : value;

/**
 * Imports at volume (a million rows) cannot afford zod's ~7 us per row, so every building block below also
 * has a fast reader: plain code that answers the same output as its schema for a value the schema accepts,
 * or UNSURE. It never judges a value it is unsure of: the row then goes through the zod schemas, which give
 * the report's messages. import-fast-read.test.ts checks the readers against the schemas on random rows.
 */
export const UNSURE: unique symbol = Symbol('unsure');
export type FastRead<T = unknown> = (input: unknown) => T | typeof UNSURE;

const FAST_READS = new WeakMap<z.ZodType, FastRead>();

/** Registers `read` as the fast reader of `schema` (this very instance: a schema derived from it has none). */
export function withFastRead<S extends z.ZodType>(schema: S, read: FastRead): S {
  FAST_READS.set(schema, read);
  return schema;
}

/** The fast reader of a field schema built here, or undefined (a schema built some other way). */
export const fastReadOf = (schema: z.ZodType): FastRead | undefined => FAST_READS.get(schema);

/** A row schema's fields read by their fast readers; null when a field has none (zod reads every row then). */
export function fastRowReader(
  schema: z.ZodObject,
): ((row: Record<string, unknown>) => Record<string, unknown> | typeof UNSURE) | null {
  const keys = Object.keys(schema.shape);
  const reads = keys.map((key) => fastReadOf(schema.shape[key] as z.ZodType));
  if (reads.some((read) => read === undefined)) return null;
  const readers = reads as FastRead[];
  return (row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i += 1) {
      const value = readers[i]!(row[keys[i]!]);
      if (value === UNSURE) return UNSURE;
      out[keys[i]!] = value;
    }
    return out;
  };
}

/** What textSchema makes of a present value it accepts (trimmed text), else UNSURE. */
function readText(value: unknown, max: number): string | typeof UNSURE {
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' && Number.isFinite(value)
        ? String(value)
        : undefined;
  if (text === undefined) return UNSURE;
  const trimmed = text.trim();
  return trimmed.length <= max && !trimmed.includes('\u0000') ? trimmed : UNSURE;
}
const readRequiredText = (value: unknown, max: number) => (isBlank(value) ? UNSURE : readText(value, max));
export const readOptionalText = (value: unknown, max: number) =>
  isBlank(value) ? null : readText(value, max);

const textSchema = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'required' : 'must be text') })
    .trim()
    .max(max, `must be at most ${max} characters`)
    // PostgreSQL text cannot hold U+0000 (a CSV or JSON file from the command line reaches here unfiltered).
    .refine((text) => !text.includes('\u0000'), 'must not contain the NUL character (\\u0000)');

/** Text that must be present, e.g. a trip number; numbers are taken as their text. */
export const requiredText = (max = 100) =>
  withFastRead(
    z.preprocess((value) => (isBlank(value) ? undefined : numberAsText(value)), textSchema(max)),
    (value) => readRequiredText(value, max),
  );

/** Text that may be missing (stored as null). */
export const optionalText = (max = 200) =>
  withFastRead(
    z.preprocess((value) => (isBlank(value) ? null : numberAsText(value)), textSchema(max).nullable()),
    (value) => readOptionalText(value, max),
  );

const PARTNER_CODE = /^\S+$/;
/** An SAP business-partner code (CardCode): up to 15 characters, no spaces. */
export const partnerCode = () =>
  withFastRead(
    requiredText(15).refine(
      (code) => PARTNER_CODE.test(code),
      'must be an SAP business-partner code without spaces (e.g. C10001)',
    ),
    (value) => {
      const code = readRequiredText(value, 15);
      return code !== UNSURE && PARTNER_CODE.test(code) ? code : UNSURE;
    },
  );

export type DecimalRule = { scale: number; integerDigits: number };
export const MONEY: DecimalRule = { scale: 2, integerDigits: 12 }; // numeric(14,2)
export const QUANTITY: DecimalRule = { scale: 3, integerDigits: 11 }; // numeric(14,3)

/**
 * A non-negative decimal as exact text, padded to `scale` places ('12500' -> '12500.00'). Accepts JSON
 * numbers (their shortest decimal text, so 0.1 stays 0.1) and en-US grouping ('12,500.50'); never goes
 * through a binary float for the stored value.
 */
export function parseDecimal(input: unknown, rule: DecimalRule): { value: string } | { error: string } {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { error: 'must be a finite number' };
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
    if (/^-?\d{1,3}(,\d{3})+(\.\d*)?$/.test(text)) text = text.replace(/,/g, '');
  } else {
    return { error: 'must be a number or a decimal string' };
  }
  if (/^-\d/.test(text) && !/^-0*(\.0*)?$/.test(text)) return { error: 'must not be negative' };
  const match = /^-?(\d+)(?:\.(\d*))?$/.exec(text) ?? /^-?()\.(\d+)$/.exec(text);
  if (!match) return { error: `must be a decimal number such as 1250.50, not "${text.slice(0, 30)}"` };
  const integer = match[1]!.replace(/^0+(?=\d)/, '') || '0';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > rule.scale) return { error: `must have at most ${rule.scale} decimal places` };
  if (integer.length > rule.integerDigits) return { error: `must be less than 10^${rule.integerDigits}` };
  return { value: `${integer}.${fraction.padEnd(rule.scale, '0')}` };
}

/**
 * A field read by `parse`: a blank value is null when `nullable`, else "required"; what `parse` refuses is
 * reported with its error.
 */
function parsedField<T, Nullable extends boolean>(
  parse: (input: unknown) => { value: T } | { error: string },
  nullable: Nullable,
  doc: Record<string, unknown>,
) {
  const read: FastRead<Nullable extends true ? T | null : T> = (input) => {
    if (isBlank(input)) return nullable ? (null as never) : UNSURE;
    const parsed = parse(input);
    return 'error' in parsed ? UNSURE : (parsed.value as never);
  };
  // A missing key reaches the transform as null: zod 4 refuses a transform's undefined input as "nonoptional".
  const schema = z
    .preprocess((input) => input ?? null, z.unknown())
    .transform((input, ctx): Nullable extends true ? T | null : T => {
      if (isBlank(input)) {
        if (nullable) return null as never;
        ctx.addIssue({ code: 'custom', message: 'required' });
        return z.NEVER;
      }
      const parsed = parse(input);
      if ('error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed.value as never;
    });
  // The OpenAPI document cannot read `parse`: it shows what `doc` says the field takes (issue 23).
  const described = nullable
    ? { ...doc, anyOf: [...((doc.anyOf as unknown[]) ?? [doc]), { type: 'null' }] }
    : doc;
  return withFastRead(documentSchema(schema, described), read);
}

/** How the document shows a decimal field: a number, or a decimal string. */
const decimalDoc = (rule: DecimalRule) => ({
  anyOf: [
    { type: 'number', minimum: 0 },
    { type: 'string', pattern: '^[0-9,]*(\\.[0-9]*)?$' },
  ],
  description: `A number, or a decimal string such as "1250.50", with at most ${rule.scale} decimal places.`,
});

export const requiredDecimal = (rule: DecimalRule) =>
  parsedField((input) => parseDecimal(input, rule), false, decimalDoc(rule));
export const optionalDecimal = (rule: DecimalRule) =>
  parsedField((input) => parseDecimal(input, rule), true, decimalDoc(rule));

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * An ISO 8601 date (`2026-03-14`) or date-time (`2026-03-14T08:30:00`, `2026-03-14 08:30`, with an optional
 * `Z` or `+03:00`). Without an offset it is a wall-clock time in `timeZone`; a bare date is its midnight.
 */
export function parseDocumentDate(input: unknown, timeZone: string): { value: Date } | { error: string } {
  if (typeof input !== 'string')
    return { error: 'must be an ISO date such as 2026-03-14 or 2026-03-14T08:30:00' };
  const match = DATE_TIME.exec(input.trim());
  if (!match)
    return {
      error: `must be an ISO date such as 2026-03-14 or 2026-03-14T08:30:00, not "${input.slice(0, 40)}"`,
    };
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', offset] = match;
  const [year, month, day] = [Number(y), Number(mo), Number(d)];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (
    calendar.getUTCFullYear() !== year ||
    calendar.getUTCMonth() !== month - 1 ||
    calendar.getUTCDate() !== day
  ) {
    return { error: `${y}-${mo}-${d} is not a real calendar date` };
  }
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59)
    return { error: `${h}:${mi}:${s} is not a real time of day` };
  if (year < 2000 || year > 2100) return { error: 'must be between the years 2000 and 2100' };
  const wallClock = `${y}-${mo}-${d}T${h}:${mi}:${s}${fraction.slice(0, 4)}`;
  if (!offset) return { value: instantOfWallClock(wallClock, timeZone) };
  const zone =
    offset.toUpperCase() === 'Z'
      ? 'Z'
      : offset.length === 3
        ? `${offset}:00`
        : offset.replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2');
  const value = new Date(`${wallClock}${zone}`);
  return Number.isNaN(value.getTime()) ? { error: `has an invalid offset "${offset}"` } : { value };
}

/** The record's document date (`parseDocumentDate`), required. */
export const documentDate = (timeZone: string) =>
  parsedField((input) => parseDocumentDate(input, timeZone), false, {
    type: 'string',
    pattern: '^\\d{4}-\\d{2}-\\d{2}',
    description: `The document's date: yyyy-MM-dd, or a date and time yyyy-MM-ddTHH:mm[:ss] with an optional offset (${timeZone} without one).`,
    examples: ['2026-03-02', '2026-03-02T14:30:00+03:00'],
  });

/** A container number checked against ISO 6346, stored without spaces; null when not given. */
export const containerNumber = () =>
  withFastRead(
    optionalText(20).transform((value, ctx) => {
      if (value === null) return null;
      const normalised = normaliseContainerNumber(value);
      const problem = containerNumberProblem(normalised);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return normalised;
    }),
    (input) => {
      const value = readOptionalText(input, 20);
      if (value === UNSURE || value === null) return value;
      const normalised = normaliseContainerNumber(value);
      return containerNumberProblem(normalised) ? UNSURE : normalised;
    },
  );

export const CONTAINER_SIZES = ['20ft', '40ft'] as const;

const CONTAINER_SIZE = /^(20|40)\s*(?:ft|'|feet)?$/i;
/** '20ft' or '40ft'; '20', '40', "20'" and any case are understood. */
export const containerSize = () =>
  withFastRead(
    optionalText(10).transform((value, ctx) => {
      if (value === null) return null;
      const match = CONTAINER_SIZE.exec(value);
      if (!match) {
        ctx.addIssue({ code: 'custom', message: `must be 20ft or 40ft, not "${value}"` });
        return z.NEVER;
      }
      return `${match[1]}ft` as (typeof CONTAINER_SIZES)[number];
    }),
    (input) => {
      const value = readOptionalText(input, 10);
      if (value === UNSURE || value === null) return value;
      const match = CONTAINER_SIZE.exec(value);
      return match ? (`${match[1]}ft` as (typeof CONTAINER_SIZES)[number]) : UNSURE;
    },
  );

/** One of a fixed list, matched without regard to case and stored as the list spells it. */
export const oneOf = <const T extends readonly string[]>(values: T) => {
  const find = (value: string) => values.find((v) => v.toLowerCase() === value.toLowerCase()) as T[number];
  const checked = requiredText(100).transform((value, ctx) => {
    const found = find(value);
    if (!found) {
      ctx.addIssue({ code: 'custom', message: `must be one of ${values.join(', ')}; not "${value}"` });
      return z.NEVER;
    }
    return found;
  });
  // The document lists the values (matched without regard to case).
  return withFastRead(documentSchema(checked, { type: 'string', enum: [...values] }), (input) => {
    const value = readRequiredText(input, 100);
    return value === UNSURE ? UNSURE : (find(value) ?? UNSURE);
  });
};
