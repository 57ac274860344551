import { z } from 'zod';
import { dateTimeString } from './common.js';
import { POSTING_KIND_API_NAMES, postingRow } from './postings.js';

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

/** Most record ids one `GET /api/v1/postings/reversed` asks about: a list's page (100 rows) and some room. */
export const REVERSED_RECORDS_MAX = 500;

const recordIdsMessage = `recordIds must be 1 to ${REVERSED_RECORDS_MAX} record ids separated by commas.`;

/**
 * `GET /api/v1/postings/reversed?kind=journalCashAdvance&recordIds=12,13`: of these records of one kind, those
 * whose latest posting was reversed in SAP (issue 26, defect 8). A list shows 'Reversed on ... by ...: reason' on
 * such a row: it is back in its list until it is posted again.
 */
export const reversedRecordsQuery = z.object({
  kind: z.enum(POSTING_KIND_API_NAMES, {
    error: `The kind must be one of: ${POSTING_KIND_API_NAMES.join(', ')}.`,
  }),
  recordIds: z
    .string({ error: recordIdsMessage })
    .regex(/^\d{1,10}(,\d{1,10})*$/, recordIdsMessage)
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.length <= REVERSED_RECORDS_MAX, recordIdsMessage),
});
export type ReversedRecordsQuery = z.input<typeof reversedRecordsQuery>;

export const reversedRecord = z.object({
  recordId: z.number().int(),
  /** The reversed posting (Posting History's id). */
  postingId: z.number().int(),
  /** When SAP confirmed the cancellation: `yyyy-MM-dd HH:mm:ss` in the server's time zone. */
  reversedAt: dateTimeString.nullable(),
  reversedBy: z.string().nullable(),
  reason: z.string(),
});
export type ReversedRecord = z.infer<typeof reversedRecord>;
export const reversedRecordsBody = z.object({ data: z.array(reversedRecord) });
