import { z } from 'zod';
import { listOf, managedRecordFields, nameField } from './common.js';
import { MAX_DATABASE_ID, ROLE_NAME_MIN_LENGTH } from './plain.js';

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
  name: nameField('The role name', {
    min: ROLE_NAME_MIN_LENGTH,
    tooShort: `Role name must be at least ${ROLE_NAME_MIN_LENGTH} characters`,
    max: 100,
  }),
  permissions: z.array(z.string().min(1).max(100)).min(1, 'You must select at least one permission').max(100),
});
export type CreateRoleBody = z.infer<typeof createRoleBody>;

/** `GET /api/v1/roles/{id}` (issue 12): the role, with its permissions as ids and names too. */
export const roleDetail = role.extend({ permissionIds: z.array(z.number().int()) });
export type RoleDetail = z.infer<typeof roleDetail>;

/** `PUT /api/v1/roles/{id}/permissions`: the role's whole new set of permissions, by id (GET /permissions). */
export const rolePermissionsBody = z.object({
  permissions: z
    .array(z.number().int().positive().max(MAX_DATABASE_ID))
    .min(1, 'You must select at least one permission')
    .max(100),
});
export type RolePermissionsBody = z.infer<typeof rolePermissionsBody>;

export const ROLE_ADMIN_MESSAGES = {
  systemRole: 'The Administrator role always holds every permission; it cannot be edited.',
  ownManageRoles: 'You cannot remove Manage Roles from the role you hold; ask another role manager to do it.',
} as const;
