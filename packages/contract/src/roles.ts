import { z } from 'zod';
import { listOf, managedRecordFields } from './common.js';
import { ROLE_NAME_MIN_LENGTH } from './plain.js';

export const role = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(z.string()),
  ...managedRecordFields,
});
export type Role = z.infer<typeof role>;

/** `GET /roles`: the roles created in the date range. */
export const roleList = listOf(role);

export const createRoleBody = z.object({
  name: z
    .string()
    .trim()
    .min(ROLE_NAME_MIN_LENGTH, `Role name must be at least ${ROLE_NAME_MIN_LENGTH} characters`)
    .max(100),
  permissions: z.array(z.string().min(1).max(100)).min(1, 'You must select at least one permission').max(100),
});
export type CreateRoleBody = z.infer<typeof createRoleBody>;
