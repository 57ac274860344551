import { ALL_PERMISSIONS } from '@ff/contract';
import { forbidden } from '../../lib/errors.js';
import type { AuditContext } from '../audits/audit.service.js';
import type { RolesRepository } from './roles.repository.js';

/**
 * The one rule against privilege escalation, shared by the users and roles services: whoever grants a role
 * (creates a user with it), manages a user (enables or disables them), or creates or toggles a role must
 * hold every permission that role holds. Otherwise "Manage Users" alone could invite a new Administrator
 * or disable the real one. The system (CLI, seeding) acts with every permission; the seeded Administrator
 * role holds the whole catalogue, so an administrator keeps every ability.
 */
export function createPermissionSubsetRule(deps: {
  roles: RolesRepository;
  /** The role id a user holds now (read from the database, not from the session). */
  currentRoleOf: (userId: number) => Promise<number | undefined>;
}) {
  /** The actor's permissions now, or null for the system (which holds them all). */
  async function heldBy(context: AuditContext): Promise<ReadonlySet<string> | null> {
    if (context.actor.id === null) return null;
    const roleId = await deps.currentRoleOf(context.actor.id);
    const role = roleId === undefined ? undefined : await deps.roles.findById(roleId);
    // An actor whose role is gone or disabled holds nothing (the access hook normally refuses them first).
    return new Set(role?.isActive ? role.permissions : []);
  }

  return {
    /**
     * Throws 403 when `target` holds a permission the actor lacks. `refusal` words the sentence from the
     * missing names (in catalogue order, e.g. "Manage Settings, View Audit Logs") so a person can act on it.
     */
    async requireHeld(
      context: AuditContext,
      target: readonly string[],
      refusal: (missing: string) => string,
    ): Promise<void> {
      const held = await heldBy(context);
      if (held === null) return;
      const missing = missingPermissions(held, target);
      if (missing.length) throw forbidden(refusal(missing.join(', ')));
    },
  };
}

/** Permissions of `target` not in `held`, catalogue order first, then any unknown names as given. */
export function missingPermissions(held: ReadonlySet<string>, target: readonly string[]): string[] {
  const wanted = new Set(target);
  const known = ALL_PERMISSIONS.filter((p) => wanted.has(p) && !held.has(p));
  const unknown = [...wanted].filter(
    (p) => !(ALL_PERMISSIONS as readonly string[]).includes(p) && !held.has(p),
  );
  return [...known, ...unknown];
}

export type PermissionSubsetRule = ReturnType<typeof createPermissionSubsetRule>;
