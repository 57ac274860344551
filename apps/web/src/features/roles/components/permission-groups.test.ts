import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, RECORD_KIND_NAMES, RECORD_KINDS_PLAIN } from '@ff/contract';
import { groupPermissions, permissionGroupOf } from './permission-groups';

describe('permission groups of the role permissions editor', () => {
  it('lists each kind of record with its View and Post permissions, the rest under Administration', () => {
    const groups = groupPermissions(ALL_PERMISSIONS.map((name, i) => ({ id: i + 1, name })));
    const listed = groups.map(({ group, items }) => [group, items.map((p) => p.name)] as const);
    // Every kind's View and Post permissions share one group, whatever kinds the registry holds.
    for (const name of RECORD_KIND_NAMES) {
      const { view, post } = RECORD_KINDS_PLAIN[name].permissions;
      expect(
        listed.find(([, items]) => items.includes(view)),
        name,
      ).toBe(listed.find(([, items]) => items.includes(post)));
    }
    // The spec's groups, in catalogue order (groups of kinds added beside them may sit between).
    const SPEC_GROUPS = [
      'Sales Invoices',
      'Transporter Invoices',
      'Cash Advances',
      'Fuel Advances',
      'VAS Transactions',
      'Administration',
    ];
    expect(listed.filter(([group]) => SPEC_GROUPS.includes(group))).toEqual([
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
          'Manage API Tokens',
        ],
      ],
    ]);
  });

  it('puts a permission it does not know under Administration unless it views or posts records', () => {
    expect(permissionGroupOf('Export Everything')).toBe('Administration');
    expect(permissionGroupOf('View Credit Notes')).toBe('Credit Notes');
  });
});
