import { schemaResolver } from '@mantine/form';
import { createRoleBody, type CreateRoleBody } from '@ff/contract';
import { toFormFieldErrors } from '@/lib/api-client';

/** The add-role form (docs/spec/product-spec.md section 3): name and permission names. */
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

/** Server field names -> form fields: `permissions` and its items (`permissions.0`) land on Permissions. */
function formFieldOf(serverField: string): keyof AddRoleFormValues | undefined {
  if (serverField === 'name') return 'name';
  if (serverField === 'permissions' || serverField.startsWith('permissions.')) return 'permissions';
  return undefined;
}

export const toAddRoleFormErrors = (serverErrors: Record<string, string>) =>
  toFormFieldErrors(serverErrors, formFieldOf);
