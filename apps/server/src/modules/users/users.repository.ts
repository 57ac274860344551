import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { withinRange, type InstantRange } from '../../db/instant-range.js';
import { passwordResetTokens, roles, users } from '../../db/schema.js';
import { ADVISORY_LOCKS } from '../../db/advisory-locks.js';

const creators = alias(users, 'creators');
const ADMINISTRATOR_LOCK = ADVISORY_LOCKS.administrator;

export type UserRecord = {
  id: number;
  name: string;
  email: string;
  mobileNo: string;
  roleId: number;
  roleName: string;
  roleActive: boolean;
  roleIsSystem: boolean;
  isActive: boolean;
  passwordHash: string | null;
  createdAt: Date;
  createdBy: string | null;
};

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  mobileNo: users.mobileNo,
  roleId: users.roleId,
  roleName: roles.name,
  roleActive: roles.isActive,
  roleIsSystem: roles.isSystem,
  isActive: users.isActive,
  passwordHash: users.passwordHash,
  createdAt: users.createdAt,
  createdBy: creators.name,
};

export function createUsersRepository(db: Db) {
  const base = (executor: Db = db) =>
    executor
      .select(columns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(creators, eq(creators.id, users.createdById));

  return {
    async findByEmail(email: string): Promise<UserRecord | undefined> {
      const [row] = await base()
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        .limit(1);
      return row;
    },
    async findById(id: number, executor: Db = db): Promise<UserRecord | undefined> {
      const [row] = await base(executor).where(eq(users.id, id)).limit(1);
      return row;
    },
    list(range: InstantRange): Promise<UserRecord[]> {
      return base().where(withinRange(users.createdAt, range)).orderBy(desc(users.createdAt), desc(users.id));
    },
    async create(
      values: {
        name: string;
        email: string;
        mobileNo: string;
        roleId: number;
        createdById: number | null;
        passwordHash?: string;
      },
      executor: Db = db,
    ): Promise<number> {
      const [row] = await executor.insert(users).values(values).returning({ id: users.id });
      return row!.id;
    },
    setActive: (id: number, isActive: boolean, executor: Db = db) =>
      executor.update(users).set({ isActive }).where(eq(users.id, id)),
    /** Name, mobile number and role (issue 12's edit); fields left undefined stay as they are. */
    update: (id: number, values: { name?: string; mobileNo?: string; roleId?: number }, executor: Db = db) =>
      executor.update(users).set(values).where(eq(users.id, id)),
    setPassword: (id: number, passwordHash: string, executor: Db = db) =>
      executor.update(users).set({ passwordHash }).where(eq(users.id, id)),
    /** When the user's live set-password link (invitation or reset) was issued, if they have one. */
    async linkIssuedAt(id: number, executor: Db = db): Promise<Date | undefined> {
      const [row] = await executor
        .select({ createdAt: passwordResetTokens.createdAt })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, id))
        .limit(1);
      return row?.createdAt;
    },
    /** Locks the user's row until the transaction ends. */
    lockForUpdate: (id: number, executor: Db) =>
      executor.execute(sql`SELECT id FROM users WHERE id = ${id} FOR UPDATE`),
    /** Held until the transaction ends: one change at a time that could leave no active administrator. */
    lockAdministratorChanges: (executor: Db) =>
      executor.execute(sql`SELECT pg_advisory_xact_lock(${ADMINISTRATOR_LOCK})`),
    /** Active users holding the active Administrator role, optionally not counting one user. */
    async countActiveAdministrators(excludingUserId?: number, executor: Db = db): Promise<number> {
      const conditions = [eq(users.isActive, true), eq(roles.isSystem, true), eq(roles.isActive, true)];
      if (excludingUserId !== undefined) conditions.push(ne(users.id, excludingUserId));
      const [row] = await executor
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(and(...conditions));
      return row?.n ?? 0;
    },
    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return row?.n ?? 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
