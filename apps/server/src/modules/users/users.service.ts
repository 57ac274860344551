import {
  USER_ADMIN_MESSAGES,
  type CreatedUser,
  type CreateUserBody,
  type DateRangeQuery,
  type InvitationSent,
  type UpdateUserBody,
  type User,
} from '@ff/contract';
import type { Db } from '../../db/client.js';
import { HttpError, isUniqueViolation, notFound, ValidationFailed } from '../../lib/errors.js';
import { creationFields } from '../../lib/managed-record.js';
import { dayRange } from '../../lib/time.js';
import type { Mailer } from '../../mail/mailer.js';
import type { AuditContext, AuditService } from '../audits/audit.service.js';
import { INVITE_TOKEN_MINUTES, passwordMail } from '../auth/auth.service.js';
import type { ResetTokensRepository } from '../auth/reset-tokens.repository.js';
import type { SessionRepository } from '../auth/session.repository.js';
import { createPermissionSubsetRule } from '../roles/permission-subset.js';
import type { RoleRecord, RolesRepository } from '../roles/roles.repository.js';
import type { UserRecord, UsersRepository } from './users.repository.js';
import { describeUserChanges } from './user-changes.js';

/** At most one invitation mail per user per minute (the one sent on creation counts). */
export const INVITATION_INTERVAL_MS = 60_000;

const normaliseMobile = (mobileNo: string) => mobileNo.replace(/[\s()-]/g, '');

export function createUsersService(deps: {
  db: Db;
  timeZone: string;
  appUrl: string;
  users: UsersRepository;
  roles: RolesRepository;
  sessions: SessionRepository;
  tokens: ResetTokensRepository;
  audit: AuditService;
  mailer: Mailer;
}) {
  const { db, users, roles, sessions, tokens, audit, mailer, timeZone } = deps;
  const subset = createPermissionSubsetRule({
    roles,
    currentRoleOf: async (userId) => (await users.findById(userId))?.roleId,
  });

  const toUser = (r: UserRecord): User => ({
    id: r.id,
    name: r.name,
    email: r.email,
    mobileNo: r.mobileNo,
    role: r.roleName,
    roleName: r.roleName,
    ...creationFields(r, timeZone),
    invitationPending: r.passwordHash === null,
  });

  const invitationMail = (to: UserRecord, token: string, why: string) =>
    passwordMail(deps.appUrl, to, token, {
      subject: 'Your Freight Finance account',
      why,
      offer: `Set your password here (the link is valid for ${INVITE_TOKEN_MINUTES / 60} hours):`,
      invite: true,
    });

  /** A role the manager may give: active, and holding no permission the manager lacks. */
  async function requireAssignable(role: RoleRecord, context: AuditContext) {
    await subset.requireHeld(
      context,
      role.permissions,
      (missing) =>
        `You cannot assign the role ${role.name}: it holds permissions you do not have (${missing}).`,
    );
    if (!role.isActive)
      throw ValidationFailed.field('role', 'The selected role is disabled; choose an active role.');
  }

  /** The manager must hold every permission of the user's role to `act` on them (edit, invite, enable...). */
  async function requireTargetHeld(target: UserRecord, act: string, context: AuditContext) {
    const targetPermissions = (await roles.findById(target.roleId))?.permissions ?? [];
    await subset.requireHeld(
      context,
      targetPermissions,
      (missing) =>
        `You cannot ${act} ${target.name}: their role ${target.roleName} holds permissions you do not have (${missing}).`,
    );
  }

  return {
    async list(query: DateRangeQuery): Promise<User[]> {
      return (await users.list(dayRange(query, timeZone))).map(toUser);
    },

    /** Creates the user without a password and e-mails them a link to set one. */
    async create(body: CreateUserBody, context: AuditContext): Promise<CreatedUser> {
      const role = await roles.findByName(body.role);
      if (!role) throw ValidationFailed.field('role', 'The selected role does not exist.');
      await requireAssignable(role, context);
      const taken = () => ValidationFailed.field('email', 'The email has already been taken.');
      if (await users.findByEmail(body.email)) throw taken();

      const { id, token } = await db
        .transaction(async (tx) => {
          const t = tx as unknown as Db;
          const userId = await users.create(
            {
              name: body.name,
              email: body.email.toLowerCase(),
              mobileNo: normaliseMobile(body.mobileNo),
              roleId: role.id,
              createdById: context.actor.id,
            },
            t,
          );
          const invite = await tokens.issue(userId, 'invite', INVITE_TOKEN_MINUTES, t);
          await audit.record(
            context,
            `Created user ${body.name} (${body.email.toLowerCase()}) with role ${role.name}`,
            t,
          );
          return { id: userId, token: invite };
        })
        .catch((error: unknown) => {
          // Someone registered the same address between the check above and this insert.
          throw isUniqueViolation(error) ? taken() : error;
        });
      const created = (await users.findById(id))!;
      // Awaited: once the 201 is sent the invitation is stored and queued, so a crash cannot lose it.
      await mailer.enqueue(
        invitationMail(
          created,
          token,
          `${context.actor.name} created a Freight Finance account for you with the role ${created.roleName}.`,
        ),
      );
      const user = toUser(created);
      return { ...user, role: [user.role] };
    },

    /**
     * Changes a user's name, mobile number or role. The manager must hold every permission of the user's
     * role and of the new one; nobody changes their own role (no self lock-out, no self promotion), and the
     * last active administrator keeps the Administrator role. The user's sessions stay: permissions are read
     * on every request, so the new role applies from their next one.
     */
    async update(id: number, body: UpdateUserBody, context: AuditContext): Promise<User> {
      const target = await users.findById(id);
      if (!target) throw notFound('The user does not exist.');
      await requireTargetHeld(target, 'edit', context);
      const role = body.role === undefined ? undefined : await roles.findByName(body.role);
      if (body.role !== undefined && !role)
        throw ValidationFailed.field('role', 'The selected role does not exist.');
      const roleChanges = role !== undefined && role.id !== target.roleId;
      if (role && roleChanges) {
        await requireAssignable(role, context);
        if (target.id === context.actor.id) throw ValidationFailed.field('role', USER_ADMIN_MESSAGES.ownRole);
      }
      const values = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.mobileNo !== undefined ? { mobileNo: normaliseMobile(body.mobileNo) } : {}),
        ...(role && roleChanges ? { roleId: role.id } : {}),
      };
      const changes = describeUserChanges(target, { ...values, roleName: role?.name });
      if (changes.length === 0) return toUser(target);
      await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        if (roleChanges && target.roleIsSystem) {
          // Serialised like disabling, so two demotions at once cannot leave no active administrator.
          await users.lockAdministratorChanges(t);
          if (target.isActive && (await users.countActiveAdministrators(target.id, t)) === 0)
            throw ValidationFailed.field('role', USER_ADMIN_MESSAGES.lastAdministrator);
        }
        await users.update(id, values, t);
        await audit.record(
          context,
          `Updated user ${target.name} (${target.email}): ${changes.join('; ')}`,
          t,
        );
      });
      return toUser((await users.findById(id))!);
    },

    /**
     * Mails a user who has not set a password yet a new set-password link; the previous link stops working
     * (one live token per user). At most once a minute per user.
     */
    async resendInvitation(id: number, context: AuditContext): Promise<InvitationSent> {
      const target = await users.findById(id);
      if (!target) throw notFound('The user does not exist.');
      await requireTargetHeld(target, 'invite', context);
      const refuse = (message: string) => ValidationFailed.field('user', message);
      if (target.passwordHash !== null) throw refuse(USER_ADMIN_MESSAGES.passwordAlreadySet);
      if (!target.isActive) throw refuse(USER_ADMIN_MESSAGES.invitationDisabledUser);
      const token = await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        // The user's row lock serialises two resends at once, so the throttle holds for both.
        await users.lockForUpdate(id, t);
        const previous = await users.linkIssuedAt(id, t);
        const since = previous ? Date.now() - previous.getTime() : Infinity;
        if (since < INVITATION_INTERVAL_MS) {
          const seconds = Math.max(1, Math.ceil((INVITATION_INTERVAL_MS - since) / 1000));
          throw new HttpError(429, USER_ADMIN_MESSAGES.invitationThrottled(seconds));
        }
        const issued = await tokens.issue(id, 'invite', INVITE_TOKEN_MINUTES, t);
        await audit.record(context, `Resent the invitation to ${target.name} (${target.email})`, t);
        return issued;
      });
      await mailer.enqueue(
        invitationMail(
          target,
          token,
          `${context.actor.name} sent you a new link to set the password of your Freight Finance account (role ${target.roleName}). Earlier links no longer work.`,
        ),
      );
      return { status: USER_ADMIN_MESSAGES.invitationSent(target.email) };
    },

    /** Enables or disables a user; disabling ends their sessions at once. */
    async setActive(id: number, active: boolean, context: AuditContext): Promise<User> {
      const target = await users.findById(id);
      if (!target) throw notFound('The user does not exist.');
      const refuse = (message: string) => ValidationFailed.field('toggleStatus', message);
      if (!active && target.id === context.actor.id) throw refuse('You cannot disable your own account.');
      await requireTargetHeld(target, active ? 'enable' : 'disable', context);
      await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        if (!active && target.roleIsSystem) {
          // Serialised, so two administrators disabled at the same moment cannot both pass the count.
          await users.lockAdministratorChanges(t);
          const others = await users.countActiveAdministrators(target.id, t);
          if (others === 0) throw refuse('You cannot disable the last active administrator.');
        }
        await users.setActive(id, active, t);
        if (!active) await sessions.destroyForUser(id, t);
        await audit.record(
          context,
          `${active ? 'Enabled' : 'Disabled'} user ${target.name} (${target.email})`,
          t,
        );
      });
      return toUser((await users.findById(id))!);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
