import { z } from 'zod';
import { postingRow } from './postings.js';

/**
 * Reversing a posting (issue 11): `POST /api/v1/postings/{id}/reverse` cancels its SAP document with SAP's own
 * Cancel, once, and returns the record to its list to be corrected and posted again.
 */
export const REVERSAL_REASON = { min: 5, max: 250 } as const;

export const REVERSAL_MESSAGES = {
  reasonRequired: 'The reason is required.',
  reasonTooShort: `The reason must be at least ${REVERSAL_REASON.min} characters.`,
  reasonTooLong: `The reason may not be greater than ${REVERSAL_REASON.max} characters.`,
} as const;

export const reversePostingBody = z.object({
  reason: z
    .string({ error: REVERSAL_MESSAGES.reasonRequired })
    .trim()
    .min(REVERSAL_REASON.min, REVERSAL_MESSAGES.reasonTooShort)
    .max(REVERSAL_REASON.max, REVERSAL_MESSAGES.reasonTooLong),
});
export type ReversePostingBody = z.infer<typeof reversePostingBody>;

/** 200: the posting as the posting history now lists it (status `reversed`). */
export const reversePostingAnswer = z.object({ message: z.string(), data: postingRow });
export type ReversePostingAnswer = z.infer<typeof reversePostingAnswer>;
