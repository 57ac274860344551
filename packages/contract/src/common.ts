import { z } from 'zod';
import { AUTH_FIELD_MESSAGES } from './auth-plain.js';
import {
  DATE_TIME_PATTERN,
  decimalProblemMessage,
  EMAIL_MAX_LENGTH,
  exactDecimal,
  MAX_DATABASE_ID,
  NAME_FORBIDDEN_CHARACTERS,
  nameCharactersMessage,
  SIMPLE_EMAIL,
  type DecimalRule,
} from './plain.js';

export const dateTimeString = z.string().regex(DATE_TIME_PATTERN);

/** The fields a users or roles list row ends with: when and by whom it was created, and whether it is active. */
export const managedRecordFields = {
  createdAt: dateTimeString,
  createdBy: z.string(),
  isActive: z.boolean(),
};

/**
 * A user's or role's name: trimmed, `length.min` characters (else `length.tooShort`) to `length.max`, without
 * the characters names may not hold (the message names the field by `label`).
 */
export const nameField = (label: string, length: { min: number; tooShort: string; max: number }) =>
  z
    .string()
    .trim()
    .min(length.min, length.tooShort)
    .max(length.max)
    .refine((v) => !NAME_FORBIDDEN_CHARACTERS.test(v), nameCharactersMessage(label));

/** A calendar day `yyyy-MM-dd`, checked to be a real date. */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format yyyy-MM-dd.')
  .refine((value) => {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    // Date.UTC maps the years 0-99 to 1900-1999, so those are refused too (a filter never needs them).
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'This is not a real calendar date.');

/**
 * A quantity or amount of a request: a decimal string or a JSON number that is exactly a decimal within the
 * column's scale and range (plain.ts `exactDecimal`), answered as that exact decimal text; anything else is a
 * field error naming `label`. Every request quantity and amount uses this, so none reaches the money
 * arithmetic as a float or an exponent.
 */
export const decimalField = (label: string, rule: DecimalRule) =>
  z.union([z.number(), z.string()], { error: `The ${label} must be a number.` }).transform((input, ctx) => {
    const parsed = exactDecimal(input, rule);
    if ('value' in parsed) return parsed.value;
    ctx.addIssue({ code: 'custom', message: decimalProblemMessage(label, parsed.problem, rule) });
    return z.NEVER;
  });

/** The optional whole-day range of a list's query (docs/spec/product-spec.md: "Date filter: fromDate, toDate"). */
export const dateRangeFields = { fromDate: isoDay.optional(), toDate: isoDay.optional() };

/** A range runs forward: From Date not after To Date (the message goes under `toDate`). */
export const datesInOrder: [
  (range: { fromDate?: string; toDate?: string }) => boolean,
  { message: string; path: string[] },
] = [
  (range) => !range.fromDate || !range.toDate || range.fromDate <= range.toDate,
  { message: 'From Date must not be after To Date.', path: ['toDate'] },
];

/** Optional inclusive whole-day range used by every list. */
export const dateRangeQuery = z.object(dateRangeFields).refine(...datesInOrder);
export type DateRangeQuery = z.infer<typeof dateRangeQuery>;

/** Every list answer wraps its records in `data`. */
export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
export type ListResponse<T> = { data: T[] };

/** Error bodies (docs/design/auth-contract.md "Error bodies"). */
export const messageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageBody>;
export const validationErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof validationErrorBody>;

/** A 204 answer: no body. */
export const noContent = z.undefined();

/** `{"toggleStatus": true|false}`: the new active state. */
export const toggleStatusBody = z.object({ toggleStatus: z.boolean() });
export type ToggleStatusBody = z.infer<typeof toggleStatusBody>;

export const ID_TEXT_PATTERN = /^[1-9][0-9]*$/;
const ID_TEXT_MESSAGE = 'The id must be a whole number from 1, in digits only.';

/**
 * An id in a path or query string: digits only, from 1, no sign, exponent, fraction, leading zero or space
 * (`1e1`, `0x0A`, `010`, ` 10` and `10.0` are refused, not read as 10). Ids past MAX_DATABASE_ID name no row
 * (see plain.ts).
 */
export const idText = (messages: { malformed?: string; missing?: string } = {}) =>
  z
    .string({ error: messages.malformed ?? ID_TEXT_MESSAGE })
    .regex(ID_TEXT_PATTERN, messages.malformed ?? ID_TEXT_MESSAGE)
    .transform(Number)
    .pipe(z.number().max(MAX_DATABASE_ID, messages.missing ?? 'There is no record with this id.'));

export const idParam = z.object({ id: idText() });

/** The plain email rule of docs/spec/product-spec.md section 5 (SIMPLE_EMAIL), mirrored by auth-plain.ts's `emailProblem`. */
export const emailField = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, AUTH_FIELD_MESSAGES.emailTooLong)
  .regex(SIMPLE_EMAIL, AUTH_FIELD_MESSAGES.emailInvalid);
