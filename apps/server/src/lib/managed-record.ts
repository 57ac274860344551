import { formatDateTime } from './time.js';

/** What a managed record (a user, a role) carries about its making: stored columns in, list fields out. */
type Made = { createdAt: Date; createdBy: string | null; isActive: boolean };

/**
 * The fields the users and roles lists end with: when (in the application's time zone) and by whom the
 * record was created ('System' for the seeded ones), and whether it is active.
 */
export const creationFields = (record: Made, timeZone: string) => ({
  createdAt: formatDateTime(record.createdAt, timeZone),
  createdBy: record.createdBy ?? 'System',
  isActive: record.isActive,
});
