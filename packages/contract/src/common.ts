import { z } from 'zod';

/** Server date-times travel as `yyyy-MM-dd HH:mm:ss` in the application's time zone (spec section 3). */
export const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
export const dateTimeString = z.string().regex(DATE_TIME_PATTERN);

/** A calendar day `yyyy-MM-dd`, checked to be a real date. */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format yyyy-MM-dd.')
  .refine((value) => {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'This is not a real calendar date.');

/** Optional inclusive whole-day range used by every list (spec: "Date filter: fromDate, toDate"). */
export const dateRangeQuery = z
  .object({
    fromDate: isoDay.optional(),
    toDate: isoDay.optional(),
  })
  .refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, {
    message: 'From Date must not be after To Date.',
    path: ['toDate'],
  });
export type DateRangeQuery = z.infer<typeof dateRangeQuery>;

/** Every list answer wraps its records in `data`. */
export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
export type ListResponse<T> = { data: T[] };

/** Error bodies (auth-contract.md "Error bodies"). */
export const messageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageBody>;
export const validationErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof validationErrorBody>;

/** `{"toggleStatus": true|false}`: the new active state. */
export const toggleStatusBody = z.object({ toggleStatus: z.boolean() });
export type ToggleStatusBody = z.infer<typeof toggleStatusBody>;

/**
 * Ids are PostgreSQL integers (serial): a number past 2^31 - 1 names no row, and the database refuses to
 * compare it with an integer column, so it is refused here with a sentence instead.
 */
export const MAX_DATABASE_ID = 2_147_483_647;
export const idParam = z.object({ id: z.coerce.number().int().positive().max(MAX_DATABASE_ID, 'There is no record with this id.') });

/** The plain email rule of spec section 5: non-whitespace, an at sign, non-whitespace. */
export const SIMPLE_EMAIL = /^\S+@\S+$/;
export const emailField = z.string().trim().max(254).regex(SIMPLE_EMAIL, 'Invalid email');
