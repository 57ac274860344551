import { schemaResolver } from '@mantine/form';
import { createRoleBody, type CreateRoleBody } from '@ff/contract';

/** The add-role form (spec section 3): name and permission names. */
export type AddRoleFormValues = CreateRoleBody;

export const ADD_ROLE_INITIAL_VALUES: AddRoleFormValues = { name: '', permissions: [] };

/**
 * The contract's own schema carries the spec messages ('Role name must be at least 3 characters',
 * 'You must select at least one permission'), so the form validates with it directly.
 */
export const validateAddRoleForm = schemaResolver(createRoleBody, { sync: true });

export const toCreateRoleBody = (values: AddRoleFormValues): CreateRoleBody => ({
  name: values.name.trim(),
  permissions: values.permissions,
});

/** Server field names -> form fields; anything else has no field to sit on. */
export function toAddRoleFormErrors(
  serverErrors: Record<string, string>,
): Partial<Record<keyof AddRoleFormValues, string>> {
  const errors: Partial<Record<keyof AddRoleFormValues, string>> = {};
  for (const [field, message] of Object.entries(serverErrors)) {
    if (field === 'name') errors.name = message;
    else if (field === 'permissions' || field.startsWith('permissions.')) errors.permissions ??= message;
  }
  return errors;
}
