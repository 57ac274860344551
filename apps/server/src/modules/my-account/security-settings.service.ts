import { MY_ACCOUNT_MESSAGES, type SecuritySettings } from '@ff/contract';
import type { Db } from '../../db/client.js';
import type { AuditContext } from '../../lib/audit-context.js';
import { ValidationFailed } from '../../lib/errors.js';
import type { SessionUser } from '../../plugins/session.js';
import type { AuditService } from '../audits/audit.service.js';
import type { SecuritySettingsRepository } from './security-settings.repository.js';

/** The security settings (Manage Settings): whether roles that administer must use two-factor sign-in. */
export function createSecuritySettingsService(deps: {
  db: Db;
  repository: SecuritySettingsRepository;
  audit: AuditService;
}) {
  return {
    get: (): Promise<SecuritySettings> => deps.repository.get(),
    /** Turning the requirement on needs the caller's own two-factor sign-in, so they cannot lock themselves out. */
    async update(
      values: SecuritySettings,
      user: SessionUser,
      context: AuditContext,
    ): Promise<SecuritySettings> {
      if (values.requireTwoFactorForAdmins && !user.twoFactorEnabled)
        throw ValidationFailed.field(
          'requireTwoFactorForAdmins',
          MY_ACCOUNT_MESSAGES.requireTwoFactorSelfFirst,
        );
      await deps.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await deps.repository.set(values, context.actor.id ?? 0, tx);
        await deps.audit.record(
          context,
          `Security setting changed: two-factor sign-in required for roles that manage users, roles or settings: ${values.requireTwoFactorForAdmins ? 'on' : 'off'}`,
          tx,
        );
      });
      return deps.repository.get();
    },
  };
}

export type SecuritySettingsService = ReturnType<typeof createSecuritySettingsService>;
