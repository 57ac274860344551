import { z } from 'zod';
import { dateTimeString } from './common.js';

export const auditEntry = z.object({
  id: z.number().int(),
  createdAt: dateTimeString,
  event: z.string(),
  createdBy: z.string(),
  ipAddress: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
