import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '@ff/contract';
import { groupPermissions, permissionGroupOf } from './permission-groups';

describe('permission groups of the role permissions editor', () => {
  it('lists each kind of record with its View and Post permissions, the rest under Administration', () => {
    const groups = groupPermissions(ALL_PERMISSIONS.map((name, i) => ({ id: i + 1, name })));
    expect(groups.map(({ group, items }) => [group, items.map((p) => p.name)])).toEqual([
      ['Sales Invoices', ['View Sales Invoices', 'Post Sales Invoices']],
      ['Transporter Invoices', ['View Transporter Invoices', 'Post Transporter Invoices']],
      ['Cash Advances', ['View Cash Advances', 'Post Cash Advances']],
      ['Fuel Advances', ['View Fuel Advances', 'Post Fuel Advances']],
      ['VAS Transactions', ['View VAS Transactions', 'Post VAS Transactions', 'Post Loss']],
      [
        'Administration',
        [
          'Manage Users',
          'Manage Roles',
          'View Audit Logs',
          'Manage Settings',
          'Reverse Postings',
          'Run Reconciliation',
        ],
      ],
    ]);
  });

  it('puts a permission it does not know under Administration unless it views or posts records', () => {
    expect(permissionGroupOf('Export Everything')).toBe('Administration');
    expect(permissionGroupOf('View Credit Notes')).toBe('Credit Notes');
  });
});
