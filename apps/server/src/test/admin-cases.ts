import { randomBytes } from 'node:crypto';
import type { PermissionName } from '@ff/contract';
import { createRolesRepository } from '../modules/roles/roles.repository.js';
import { createUsersRepository } from '../modules/users/users.repository.js';
import { createRole, createUser } from './fixtures.js';
import type { CaseContext, RouteCase, ValidRequest } from './route-case.js';

/** The security cases of issue 12's administration routes (edit a user, resend an invitation, role permissions). */

const unique = () => randomBytes(4).toString('hex');

async function editUserHolding({ h }: CaseContext, permissions: PermissionName[]): Promise<ValidRequest> {
  const target = await createUser(h.server, { permissions });
  return { url: `/api/v1/users/${target.id}`, body: { name: `Edited ${unique()}` }, status: 200 };
}

/** A user who has not set a password yet (no link issued, so the resend is not throttled). */
async function inviteAgainHolding({ h }: CaseContext, permissions: PermissionName[]): Promise<ValidRequest> {
  const role = await createRole(h.server, permissions);
  const id = await createUsersRepository(h.database.db).create({
    name: `Invited ${unique()}`,
    email: `invited-${unique()}@example.com`,
    mobileNo: '+254700111222',
    roleId: role.id,
    createdById: null,
  });
  return { url: `/api/v1/users/${id}/invitation`, status: 200 };
}

/** A role holding `permissions`, given the same set again (the caller must hold all it holds). */
async function setRolePermissionsHolding(
  { h }: CaseContext,
  permissions: PermissionName[],
  wanted: PermissionName[] = permissions,
): Promise<ValidRequest> {
  const role = await createRole(h.server, permissions);
  const ids = (await createRolesRepository(h.database.db).findPermissions(wanted)).map((p) => p.id);
  return { url: `/api/v1/roles/${role.id}/permissions`, body: { permissions: ids }, status: 200 };
}

export const ADMIN_ROUTE_CASES: Record<string, RouteCase> = {
  'PATCH /api/v1/users/:id': {
    valid: (ctx) => editUserHolding(ctx, []),
    escalation: editUserHolding,
  },
  'POST /api/v1/users/:id/invitation': {
    valid: (ctx) => inviteAgainHolding(ctx, []),
    escalation: inviteAgainHolding,
  },
  'GET /api/v1/roles/:id': {
    async valid({ h }) {
      const role = await createRole(h.server, []);
      return { url: `/api/v1/roles/${role.id}`, status: 200 };
    },
  },
  'PUT /api/v1/roles/:id/permissions': {
    // A role manager may give a role what they hold (here: Manage Roles itself).
    valid: (ctx) => setRolePermissionsHolding(ctx, [], ['Manage Roles']),
    escalation: (ctx, permissions) => setRolePermissionsHolding(ctx, permissions),
  },
};
