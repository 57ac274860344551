import type { CreatedUser, CreateUserBody, DateRangeQuery, User } from '@ff/contract';
import type { Db } from '../../db/client.js';
import { isUniqueViolation, notFound, ValidationFailed } from '../../lib/errors.js';
import { creationFields } from '../../lib/managed-record.js';
import { dayRange } from '../../lib/time.js';
import type { Mailer } from '../../mail/mailer.js';
import type { AuditContext, AuditService } from '../audits/audit.service.js';
import { INVITE_TOKEN_MINUTES, passwordMail } from '../auth/auth.service.js';
import type { ResetTokensRepository } from '../auth/reset-tokens.repository.js';
import type { SessionRepository } from '../auth/session.repository.js';
import { createPermissionSubsetRule } from '../roles/permission-subset.js';
import type { RolesRepository } from '../roles/roles.repository.js';
import type { UserRecord, UsersRepository } from './users.repository.js';

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
    ...creationFields(r, timeZone),
  });

  return {
    async list(query: DateRangeQuery): Promise<User[]> {
      return (await users.list(dayRange(query, timeZone))).map(toUser);
    },

    /** Creates the user without a password and e-mails them a link to set one. */
    async create(body: CreateUserBody, context: AuditContext): Promise<CreatedUser> {
      const role = await roles.findByName(body.role);
      if (!role) throw ValidationFailed.field('role', 'The selected role does not exist.');
      await subset.requireHeld(
        context,
        role.permissions,
        (missing) =>
          `You cannot assign the role ${role.name}: it holds permissions you do not have (${missing}).`,
      );
      if (!role.isActive)
        throw ValidationFailed.field('role', 'The selected role is disabled; choose an active role.');
      const taken = () => ValidationFailed.field('email', 'The email has already been taken.');
      if (await users.findByEmail(body.email)) throw taken();

      const { id, token } = await db
        .transaction(async (tx) => {
          const t = tx as unknown as Db;
          const userId = await users.create(
            {
              name: body.name,
              email: body.email.toLowerCase(),
              mobileNo: body.mobileNo.replace(/[\s()-]/g, ''),
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
        passwordMail(deps.appUrl, created, token, {
          subject: 'Your Freight Finance account',
          why: `${context.actor.name} created a Freight Finance account for you with the role ${created.roleName}.`,
          offer: `Set your password here (the link is valid for ${INVITE_TOKEN_MINUTES / 60} hours):`,
        }),
      );
      const user = toUser(created);
      return { ...user, role: [user.role] };
    },

    /** Enables or disables a user; disabling ends their sessions at once. */
    async setActive(id: number, active: boolean, context: AuditContext): Promise<User> {
      const target = await users.findById(id);
      if (!target) throw notFound('The user does not exist.');
      const refuse = (message: string) => ValidationFailed.field('toggleStatus', message);
      if (!active && target.id === context.actor.id) throw refuse('You cannot disable your own account.');
      const targetPermissions = (await roles.findById(target.roleId))?.permissions ?? [];
      await subset.requireHeld(
        context,
        targetPermissions,
        (missing) =>
          `You cannot ${active ? 'enable' : 'disable'} ${target.name}: their role ${target.roleName} holds permissions you do not have (${missing}).`,
      );
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
