import { z } from 'zod';
import { dateRangeFields, datesInOrder, dateTimeString, idText, listOf } from './common.js';
import { pageOf, perPageParam, searchParam, sortParam } from './list-pages.js';

export const auditEntry = z.object({
  id: z.number().int(),
  createdAt: dateTimeString,
  event: z.string(),
  createdBy: z.string(),
  /**
   * Beyond the spec: the e-mail of the user who did it (null for the system), shown beside the name, which is
   * the user's own choice and proves nothing.
   */
  createdByEmail: z.string().nullable(),
  ipAddress: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** `GET /audits`: the audit log of the date range. */
export const auditEntryList = listOf(auditEntry);

/** `GET /audits?page=..`: one page of the filtered log, newest first, and where it sits. */
export const auditEntryPage = pageOf(auditEntry);

/**
 * The event types of the audit log's filter, in the order the filter lists them. Events are stored as text;
 * the server sorts each into the first type whose wording it matches (apps/server modules/audits
 * audit-event-types.ts), and everything else is 'Other'.
 */
export const AUDIT_EVENT_TYPES = [
  'Reversals',
  'Posting to SAP',
  'Reconciliation',
  'Imports',
  'SAP connection settings',
  'API tokens',
  'Two-factor sign-in',
  'Sessions',
  'Sign-in and sign-out',
  'Passwords',
  'Roles and permissions',
  'Users',
  'Audit chain',
  'Other',
] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/** The fields `GET /audits?sort=` sorts by (`createdAt:desc`, the log's own order, when none is given). */
export const AUDIT_SORT_FIELDS = ['createdAt', 'event', 'createdBy', 'ipAddress'] as const;

export type AuditSortField = (typeof AUDIT_SORT_FIELDS)[number];

/**
 * `GET /audits`'s query: the spec's date range and, beside it, filters by user (`userId`, the actor's user
 * id), by event type (`event`, one of AUDIT_EVENT_TYPES) and a case-insensitive substring `search` over the
 * event text, the user's name and the IP address; `sort` is `<field>` or `<field>:asc|desc` of
 * AUDIT_SORT_FIELDS (ties newest first). With `page` or `perPage` the answer is one page
 * `{data, meta}` (list-pages.ts); without both it is the full array `{data}`, filters applied.
 */
export const auditQuery = z
  .object({
    ...dateRangeFields,
    userId: idText({
      malformed: 'The user must be given by its id, a whole number.',
      missing: 'There is no user with this id.',
    }).optional(),
    event: z
      .enum(AUDIT_EVENT_TYPES, { error: `The event type must be one of: ${AUDIT_EVENT_TYPES.join(', ')}.` })
      .optional(),
    search: searchParam,
    sort: sortParam
      .refine((sort) => (AUDIT_SORT_FIELDS as readonly string[]).includes(sort.split(':')[0]!), {
        message: `Sort by one of: ${AUDIT_SORT_FIELDS.join(', ')}.`,
      })
      .optional(),
    page: z.coerce
      .number({ error: 'The page must be a whole number from 1.' })
      .int('The page must be a whole number from 1.')
      .min(1, 'The page must be a whole number from 1.')
      .max(1_000_000)
      .optional(),
    perPage: perPageParam,
  })
  .refine(...datesInOrder);
export type AuditQuery = z.infer<typeof auditQuery>;

/** `GET /audits/event-types`: the filter's event types (AUDIT_EVENT_TYPES). */
export const auditEventTypeList = listOf(z.enum(AUDIT_EVENT_TYPES));

/** Someone the log can be filtered by: a user of the application. */
export const auditActor = z.object({ id: z.number().int(), name: z.string() });
export type AuditActor = z.infer<typeof auditActor>;

/** `GET /audits/actors`: every user, by name, for the User filter (open to View Audit Logs). */
export const auditActorList = listOf(auditActor);
