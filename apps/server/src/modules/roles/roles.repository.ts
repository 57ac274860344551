import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { withinRange, type InstantRange } from '../../db/instant-range.js';
import { permissions, rolePermissions, roles, users } from '../../db/schema.js';

export type RoleRecord = {
  id: number;
  name: string;
  isActive: boolean;
  isSystem: boolean;
  createdAt: Date;
  createdBy: string | null;
  permissions: string[];
};

export function createRolesRepository(db: Db) {
  const permissionNames = sql<string[]>`coalesce(
    (select array_agg(p.name order by p.id) from ${rolePermissions} rp join ${permissions} p on p.id = rp.permission_id
     where rp.role_id = ${roles.id}), '{}')`;
  const columns = {
    id: roles.id,
    name: roles.name,
    isActive: roles.isActive,
    isSystem: roles.isSystem,
    createdAt: roles.createdAt,
    createdBy: users.name,
    permissions: permissionNames,
  };
  const base = (executor: Db = db) =>
    executor.select(columns).from(roles).leftJoin(users, eq(users.id, roles.createdById));

  return {
    list(range: InstantRange): Promise<RoleRecord[]> {
      return base().where(withinRange(roles.createdAt, range)).orderBy(desc(roles.createdAt), desc(roles.id));
    },
    async findById(id: number, executor: Db = db): Promise<RoleRecord | undefined> {
      const [row] = await base(executor).where(eq(roles.id, id)).limit(1);
      return row;
    },
    async findByName(name: string, executor: Db = db): Promise<RoleRecord | undefined> {
      const [row] = await base(executor)
        .where(eq(sql`lower(${roles.name})`, name.toLowerCase()))
        .limit(1);
      return row;
    },
    async create(
      values: { name: string; createdById: number | null; isSystem?: boolean },
      permissionIds: number[],
      executor: Db = db,
    ) {
      const [row] = await executor.insert(roles).values(values).returning({ id: roles.id });
      const roleId = row!.id;
      if (permissionIds.length) {
        await executor
          .insert(rolePermissions)
          .values(permissionIds.map((permissionId) => ({ roleId, permissionId })));
      }
      return roleId;
    },
    setActive: (id: number, isActive: boolean, executor: Db = db) =>
      executor.update(roles).set({ isActive }).where(eq(roles.id, id)),
    /** Replaces the role's permissions with `permissionIds` (issue 12's permission editor). */
    async replacePermissions(roleId: number, permissionIds: number[], executor: Db = db) {
      await executor.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
      if (permissionIds.length) {
        await executor
          .insert(rolePermissions)
          .values(permissionIds.map((permissionId) => ({ roleId, permissionId })));
      }
    },
    /** Serialises permission changes of one role (row lock), so two edits at once apply one after the other. */
    lockRole: (roleId: number, executor: Db) =>
      executor.execute(sql`SELECT id FROM roles WHERE id = ${roleId} FOR UPDATE`),
    findPermissionsById: (ids: number[]) =>
      ids.length ? db.select().from(permissions).where(inArray(permissions.id, ids)) : Promise.resolve([]),
    listPermissions: () => db.select().from(permissions).orderBy(asc(permissions.id)),
    findPermissions: (names: string[]) =>
      names.length
        ? db.select().from(permissions).where(inArray(permissions.name, names))
        : Promise.resolve([]),

    /** Seeds the permission catalogue and keeps the system role holding all of it (idempotent). */
    async ensureCatalogue(catalogue: readonly string[], systemRoleName: string, executor: Db = db) {
      await executor
        .insert(permissions)
        .values(catalogue.map((name) => ({ name })))
        .onConflictDoNothing();
      const [existing] = await executor
        .select({ id: roles.id })
        .from(roles)
        .where(eq(roles.isSystem, true))
        .limit(1);
      const roleId =
        existing?.id ??
        (
          await executor
            .insert(roles)
            .values({ name: systemRoleName, isSystem: true })
            .returning({ id: roles.id })
        )[0]!.id;
      const all = await executor.select({ id: permissions.id }).from(permissions);
      await executor
        .insert(rolePermissions)
        .values(all.map((p) => ({ roleId, permissionId: p.id })))
        .onConflictDoNothing();
      return roleId;
    },
  };
}

export type RolesRepository = ReturnType<typeof createRolesRepository>;
