import type { Db } from '../../db/client.js';
import type { AuditService } from '../audits/audit.service.js';
import type { LoginThrottle } from '../auth/login-throttle.js';
import type { SessionRepository } from '../auth/session.repository.js';
import type { TwoFactorCheck } from '../auth/two-factor-check.js';
import type { UsersRepository } from '../users/users.repository.js';
import { createAccountRepository } from './account.repository.js';
import { createMyAccountService } from './my-account.service.js';
import { createSecuritySettingsRepository } from './security-settings.repository.js';
import { createSecuritySettingsService } from './security-settings.service.js';

/** My Account and the security settings, on the auth module's sessions, throttle and two-factor check. */
export function createMyAccountModule(deps: {
  db: Db;
  timeZone: string;
  users: UsersRepository;
  sessions: SessionRepository;
  throttle: LoginThrottle;
  twoFactor: TwoFactorCheck;
  audit: AuditService;
}) {
  return {
    account: createMyAccountService({ ...deps, account: createAccountRepository(deps.db) }),
    securitySettings: createSecuritySettingsService({
      db: deps.db,
      repository: createSecuritySettingsRepository(deps.db),
      audit: deps.audit,
    }),
  };
}

export type MyAccountModule = ReturnType<typeof createMyAccountModule>;
