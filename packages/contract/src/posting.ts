import { z } from 'zod';
import { decimalField } from './common.js';
import { POSTING_DATE_PATTERN, postingDateProblem, QUANTITY_RULE } from './plain.js';

/**
 * A posting date as the date picker sends it: 'yyyy-MM-dd', 'yyyy-MM-dd HH:mm:ss' or an ISO instant, a real
 * calendar date and time in every form (plain.ts `postingDateProblem`). The server checks it is not in the
 * future and not before the row's document date (docs/spec/product-spec.md section 5).
 */
export const postingDateField = z
  .string({ error: 'The posting date is required.' })
  .trim()
  .min(1, 'The posting date is required.')
  .regex(POSTING_DATE_PATTERN, 'The posting date must look like yyyy-MM-dd or yyyy-MM-dd HH:mm:ss.')
  .superRefine((value, ctx) => {
    const problem = postingDateProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A collected quantity as a post body carries it: numeric(14,3), as the tables store it. */
export const quantityField = decimalField('collected quantity', QUANTITY_RULE);

/** The answer to every post: what reached SAP and what did not, with SAP's reason. */
export const postResult = z.object({
  message: z.string(),
  posted: z.array(
    z.object({
      id: z.number().int(),
      sapDocEntry: z.number().int().nullable(),
      sapDocNum: z.number().int().nullable(),
    }),
  ),
  failed: z.array(z.object({ id: z.number().int(), message: z.string() })),
  queued: z.array(z.object({ id: z.number().int() })).optional(),
});
export type PostResult = z.infer<typeof postResult>;
