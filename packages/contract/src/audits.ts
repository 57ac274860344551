import { z } from 'zod';
import { dateTimeString, listOf } from './common.js';

export const auditEntry = z.object({
  id: z.number().int(),
  createdAt: dateTimeString,
  event: z.string(),
  createdBy: z.string(),
  ipAddress: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** `GET /audits`: the audit log of the date range. */
export const auditEntryList = listOf(auditEntry);
