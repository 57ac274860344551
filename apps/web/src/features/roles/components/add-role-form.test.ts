import { describe, expect, it } from 'vitest';
import { toAddRoleFormErrors, toCreateRoleBody, validateAddRoleForm } from './add-role-form';

describe('add role validation', () => {
  it('needs a name of at least 3 characters and one permission', () => {
    expect(validateAddRoleForm({ name: 'ab', permissions: [] })).toEqual({
      name: 'Role name must be at least 3 characters',
      permissions: 'You must select at least one permission',
    });
  });

  it('ignores surrounding spaces when counting the name', () => {
    expect(validateAddRoleForm({ name: '  ab  ', permissions: ['Manage Users'] })).toEqual({
      name: 'Role name must be at least 3 characters',
    });
  });

  it('passes a valid role', () => {
    expect(validateAddRoleForm({ name: 'Auditor', permissions: ['View Audit Logs'] })).toEqual({});
  });
});

describe('toCreateRoleBody', () => {
  it('trims the name and keeps the permission names', () => {
    expect(toCreateRoleBody({ name: ' Auditor ', permissions: ['View Audit Logs'] })).toEqual({
      name: 'Auditor',
      permissions: ['View Audit Logs'],
    });
  });
});

describe('toAddRoleFormErrors', () => {
  it('puts the server name error on Role Name and permission errors on Permissions', () => {
    expect(
      toAddRoleFormErrors({
        name: 'The name has already been taken.',
        'permissions.0': 'The selected permission is invalid.',
      }),
    ).toEqual({
      name: 'The name has already been taken.',
      permissions: 'The selected permission is invalid.',
    });
  });
});
