import {
  PERMISSIONS,
  ROLE_ADMIN_MESSAGES,
  type CreateRoleBody,
  type DateRangeQuery,
  type Permission,
  type Role,
  type RoleDetail,
  type RolePermissionsBody,
} from '@ff/contract';
import type { Db } from '../../db/client.js';
import { isUniqueViolation, notFound, ValidationFailed } from '../../lib/errors.js';
import { creationFields } from '../../lib/managed-record.js';
import { dayRange } from '../../lib/time.js';
import type { AuditContext, AuditService } from '../audits/audit.service.js';
import type { SessionRepository } from '../auth/session.repository.js';
import { createPermissionSubsetRule } from './permission-subset.js';
import type { RoleRecord, RolesRepository } from './roles.repository.js';

export function createRolesService(deps: {
  db: Db;
  timeZone: string;
  roles: RolesRepository;
  sessions: SessionRepository;
  audit: AuditService;
  currentRoleOf: (userId: number) => Promise<number | undefined>;
}) {
  const { db, roles, sessions, audit, timeZone } = deps;
  const subset = createPermissionSubsetRule({ roles, currentRoleOf: deps.currentRoleOf });

  const toRole = (r: RoleRecord): Role => ({
    id: r.id,
    name: r.name,
    permissions: r.permissions,
    ...creationFields(r, timeZone),
  });

  return {
    async list(query: DateRangeQuery): Promise<Role[]> {
      return (await roles.list(dayRange(query, timeZone))).map(toRole);
    },

    async permissions(): Promise<Permission[]> {
      return (await roles.listPermissions()).map((p) => ({ id: p.id, name: p.name }));
    },

    async create(body: CreateRoleBody, context: AuditContext): Promise<Role> {
      const taken = () => ValidationFailed.field('name', 'The name has already been taken.');
      if (await roles.findByName(body.name)) throw taken();
      const wanted = [...new Set(body.permissions)];
      const found = await roles.findPermissions(wanted);
      const unknown = wanted.filter((name) => !found.some((p) => p.name === name));
      if (unknown.length)
        throw ValidationFailed.field('permissions', `Unknown permission: ${unknown.join(', ')}.`);
      await subset.requireHeld(
        context,
        wanted,
        (missing) => `You cannot create a role with permissions you do not have (${missing}).`,
      );
      const id = await db
        .transaction(async (tx) => {
          const t = tx as unknown as Db;
          const roleId = await roles.create(
            { name: body.name, createdById: context.actor.id },
            found.map((p) => p.id),
            t,
          );
          await audit.record(context, `Created role ${body.name} with permissions: ${wanted.join(', ')}`, t);
          return roleId;
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? taken() : error;
        });
      return toRole((await roles.findById(id))!);
    },

    /** One role with its permissions' ids (the permission editor ticks them). */
    async detail(id: number): Promise<RoleDetail> {
      const role = await roles.findById(id);
      if (!role) throw notFound('The role does not exist.');
      const held = await roles.findPermissions(role.permissions);
      return { ...toRole(role), permissionIds: held.map((p) => p.id).sort((a, b) => a - b) };
    },

    /**
     * Replaces a role's permissions. The manager must hold every permission added or removed (and the role's
     * others: like toggling, managing a role needs all it holds); the Administrator role always holds the whole
     * catalogue. Sessions of the role's users stay: permissions are read on each request, so the change
     * applies from their next one.
     */
    async setPermissions(id: number, body: RolePermissionsBody, context: AuditContext): Promise<RoleDetail> {
      const role = await roles.findById(id);
      if (!role) throw notFound('The role does not exist.');
      const wantedIds = [...new Set(body.permissions)];
      const found = await roles.findPermissionsById(wantedIds);
      const unknown = wantedIds.filter((pid) => !found.some((p) => p.id === pid));
      if (unknown.length)
        throw ValidationFailed.field('permissions', `Unknown permission id: ${unknown.join(', ')}.`);
      if (role.isSystem) throw ValidationFailed.field('permissions', ROLE_ADMIN_MESSAGES.systemRole);
      const wanted = found.map((p) => p.name);
      await subset.requireHeld(
        context,
        [...new Set([...role.permissions, ...wanted])],
        (missing) =>
          `You cannot change the permissions of the role ${role.name}: it would involve permissions you do not have (${missing}).`,
      );
      const ownRole = context.actor.id !== null && (await deps.currentRoleOf(context.actor.id)) === role.id;
      if (ownRole && !wanted.includes(PERMISSIONS.manageRoles))
        throw ValidationFailed.field('permissions', ROLE_ADMIN_MESSAGES.ownManageRoles);
      await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        await roles.lockRole(id, t);
        const before = (await roles.findById(id, t))!.permissions;
        const added = wanted.filter((p) => !before.includes(p));
        const removed = before.filter((p) => !wanted.includes(p));
        if (added.length === 0 && removed.length === 0) return;
        await roles.replacePermissions(
          id,
          found.map((p) => p.id),
          t,
        );
        const parts = [
          ...(added.length ? [`added ${added.join(', ')}`] : []),
          ...(removed.length ? [`removed ${removed.join(', ')}`] : []),
        ];
        await audit.record(context, `Changed the permissions of role ${role.name}: ${parts.join('; ')}`, t);
      });
      return this.detail(id);
    },

    /** Disabling a role ends the sessions of everyone holding it; the Administrator role stays enabled. */
    async setActive(id: number, active: boolean, context: AuditContext): Promise<Role> {
      const role = await roles.findById(id);
      if (!role) throw notFound('The role does not exist.');
      await subset.requireHeld(
        context,
        role.permissions,
        (missing) =>
          `You cannot ${active ? 'enable' : 'disable'} the role ${role.name}: it holds permissions you do not have (${missing}).`,
      );
      if (!active) {
        if (role.isSystem)
          throw ValidationFailed.field('toggleStatus', 'The Administrator role cannot be disabled.');
        if (context.actor.id !== null && (await deps.currentRoleOf(context.actor.id)) === id) {
          throw ValidationFailed.field('toggleStatus', 'You cannot disable the role you hold.');
        }
      }
      await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        await roles.setActive(id, active, t);
        if (!active) await sessions.destroyForRole(id, t);
        await audit.record(context, `${active ? 'Enabled' : 'Disabled'} role ${role.name}`, t);
      });
      return toRole((await roles.findById(id))!);
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
