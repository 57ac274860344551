import type { FastifyInstance } from 'fastify';
import type { MyAccountModule } from './my-account.module.js';
import { registerMyAccountRoutes } from './my-account.routes.js';
import { registerSecuritySettingsRoutes } from './security-settings.routes.js';

/** My Account's routes and the security settings' routes. */
export function registerMyAccountModuleRoutes(app: FastifyInstance, module: MyAccountModule) {
  registerMyAccountRoutes(app, module.account);
  registerSecuritySettingsRoutes(app, module.securitySettings);
}
